'use client';

import { useTranslations } from 'next-intl';

/** Shown for the moment a dialog's code takes to arrive on a slow network (dialogs load on their first opening). */
export function DialogLoading() {
  const t = useTranslations('dialogs.modal');
  return (
    <div role="status" aria-label={t('loading')} className="fixed inset-0 z-[60] flex items-center justify-center bg-ink-950/60">
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-[3px] border-white/10 border-t-kilig-400 motion-reduce:animate-none" />
    </div>
  );
}
