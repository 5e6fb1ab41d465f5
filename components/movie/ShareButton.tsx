'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';
import toast from 'react-hot-toast/headless';
import { CheckIcon, LinkIcon, ShareIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';

const COPIED_FOR_MS = 2500;

const noSubscribe = () => () => undefined;
/** Whether this browser has a native share sheet (unknown on the server: the server HTML shows 'Share' alone). */
const useNativeShare = () =>
  useSyncExternalStore(noSubscribe, () => typeof navigator.share === 'function', () => true);

/**
 * Share (spec §2): the native share sheet, else the spec's alert. Where there is no share sheet, 'Copy link' stands
 * beside it (issue 22): the page's address to the clipboard, confirmed by a toast and on the button itself.
 */
export function ShareButton({ title, text, url }: { title: string; text: string; url: string }) {
  const t = useTranslations('movie.share');
  const nativeShare = useNativeShare();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function share() {
    if (typeof navigator.share !== 'function') {
      window.alert(t('unsupported'));
      return;
    }
    try {
      await navigator.share({ title, text, url });
    } catch {
      // The viewer closed the share sheet: nothing to do.
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success(t('copied'));
    } catch {
      // No clipboard (an insecure page, or permission refused): the address bar still has the link.
      toast.error(t('copyFailed'));
    }
  }

  return (
    <>
      <button type="button" onClick={() => void share()} className={buttonClass('ghost', 'lg')}>
        <ShareIcon size={20} />
        {t('button')}
      </button>
      {nativeShare ? null : (
        <button type="button" onClick={() => void copy()} className={buttonClass('ghost', 'lg')} data-testid="copy-link">
          {copied ? <CheckIcon size={20} /> : <LinkIcon size={20} />}
          {copied ? t('copied') : t('copy')}
        </button>
      )}
    </>
  );
}
