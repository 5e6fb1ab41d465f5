'use client';

import { useTranslations } from 'next-intl';
import { useAppSelector } from '@/store/hooks';
import { selectIsLoggingIn } from '@/store/auth/selectors';

/** The overlay of spec §2 'Login dialog': shows while a login, sign-up or social login is in flight. */
export function GlobalSpinner() {
  const t = useTranslations('dialogs.spinner');
  const busy = useAppSelector(selectIsLoggingIn);
  if (!busy) return null;
  return (
    <div
      data-testid="global-spinner"
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[70] flex items-center justify-center bg-ink-950/70 backdrop-blur-[2px] transition-opacity duration-200 starting:opacity-0"
    >
      <div className="flex flex-col items-center gap-4 rounded-3xl border border-white/10 bg-ink-900/90 px-8 py-6 shadow-card">
        <span
          aria-hidden="true"
          className="size-10 animate-spin rounded-full border-[3px] border-white/10 border-t-kilig-400 motion-reduce:animate-none"
        />
        <span className="text-sm font-medium text-fg-muted">{t('signingIn')}</span>
      </div>
    </div>
  );
}
