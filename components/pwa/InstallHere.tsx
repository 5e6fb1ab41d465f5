'use client';

import { useTranslations } from 'next-intl';
import { publicEnv } from '@/lib/public-env';
import { InstallAppButton } from './InstallAppButton';
import { useInstallPrompt } from './install-prompt';

/** On the install page: the browser's own install button when it offers one, or a word that the app is installed. */
export function InstallHere() {
  const t = useTranslations('pwa.installPage');
  const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;
  const { canInstall, installed } = useInstallPrompt();
  if (installed) {
    return (
      <p role="status" className="mb-6 rounded-2xl border border-emerald-400/30 bg-emerald-500/10 p-4 text-sm text-emerald-100">
        {t('installed', { brand })}
      </p>
    );
  }
  if (!canInstall) return null;
  return (
    <div className="mb-6 flex flex-wrap items-center gap-3 rounded-2xl border border-kilig-400/25 bg-kilig-600/10 p-4">
      <p className="text-sm text-fg">{t('installHere', { brand })}</p>
      <InstallAppButton />
    </div>
  );
}
