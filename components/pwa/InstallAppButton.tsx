'use client';

import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { useInstallPrompt } from './install-prompt';

/** The small download arrow into a tray. */
function InstallIcon({ size = 18 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable={false}>
      <path d="M12 3v12m0 0 4.5-4.5M12 15l-4.5-4.5M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
    </svg>
  );
}

/** 'Install app', only where the browser offers to install the site (`beforeinstallprompt`); nothing otherwise. */
export function InstallAppButton({ className }: { className?: string }) {
  const t = useTranslations('pwa.installButton');
  const { canInstall, install } = useInstallPrompt();
  if (!canInstall) return null;
  return (
    <button
      type="button"
      data-testid="install-app"
      onClick={() => void install()}
      className={clsx(
        'inline-flex h-12 items-center gap-2 rounded-xl border border-kilig-400/50 bg-kilig-600/15 px-3.5 text-[15px] font-semibold text-fg transition hover:border-kilig-300 hover:bg-kilig-600/25',
        className,
      )}
    >
      <InstallIcon size={20} />
      {t('label')}
    </button>
  );
}
