'use client';

import { ShareIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';

export const SHARE_UNSUPPORTED = 'Your browser does not support native sharing.';

/** Share (spec §2): the native share sheet, else an alert. */
export function ShareButton({ title, text, url }: { title: string; text: string; url: string }) {
  async function share() {
    if (typeof navigator.share !== 'function') {
      window.alert(SHARE_UNSUPPORTED);
      return;
    }
    try {
      await navigator.share({ title, text, url });
    } catch {
      // The viewer closed the share sheet: nothing to do.
    }
  }
  return (
    <button type="button" onClick={() => void share()} className={buttonClass('ghost', 'lg')}>
      <ShareIcon size={20} />
      Share
    </button>
  );
}
