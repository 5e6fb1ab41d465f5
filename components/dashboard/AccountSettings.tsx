'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useAppSelector } from '@/store/hooks';
import { selectUser } from '@/store/auth/selectors';
import { buttonClass } from '@/components/ui/styles';
import { QualitySetting } from '@/components/settings/QualitySetting';

/** Shown for the moment a dialog's code takes to arrive on a slow network. */
function DialogLoading() {
  const t = useTranslations('dashboard.accountSettings');
  return (
    <div role="status" aria-label={t('loading')} className="fixed inset-0 z-[60] flex items-center justify-center bg-ink-950/60">
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-[3px] border-white/10 border-t-kilig-400 motion-reduce:animate-none" />
    </div>
  );
}

// As in GlobalDialogs: a dialog's code is fetched the first time it opens, not with the dashboard.
const DeleteAccountDialog = dynamic(() => import('@/components/dialogs/DeleteAccountDialog').then((m) => m.DeleteAccountDialog), {
  ssr: false,
  loading: DialogLoading,
});
const LogoutEverywhereDialog = dynamic(() => import('./LogoutEverywhereDialog').then((m) => m.LogoutEverywhereDialog), {
  ssr: false,
  loading: DialogLoading,
});

type Open = 'delete' | 'logoutEverywhere' | null;

/** 'Account settings' on /dashboard for signed-in users: log out on every device, and Delete Account. */
export function AccountSettings() {
  const user = useAppSelector(selectUser);
  const [open, setOpen] = useState<Open>(null);
  const t = useTranslations('dashboard.accountSettings');
  if (!user) return null;

  return (
    <section aria-labelledby="account-settings-title" className="rounded-3xl border border-white/5 bg-ink-900/70 p-6 md:p-8">
      <h2 id="account-settings-title" className="font-semibold">
        {t('title')}
      </h2>
      <ul className="mt-4 divide-y divide-white/5">
        <li className="flex flex-col gap-3 pb-5 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="text-sm font-semibold text-fg">{t('logoutEverywhere.title')}</p>
            <p id="logout-everywhere-hint" className="mt-0.5 max-w-prose text-sm text-fg-muted">
              {t('logoutEverywhere.hint')}
            </p>
          </div>
          <button
            type="button"
            aria-haspopup="dialog"
            aria-describedby="logout-everywhere-hint"
            className={buttonClass('secondary', 'sm', 'shrink-0')}
            onClick={() => setOpen('logoutEverywhere')}
          >
            {t('logoutEverywhere.button')}
          </button>
        </li>
        <li className="py-5"><QualitySetting /></li>
        <li className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="text-sm font-semibold text-fg">{t('deleteAccount.title')}</p>
            <p id="delete-account-hint" className="mt-0.5 max-w-prose text-sm text-fg-muted">
              {t('deleteAccount.hint')}
            </p>
          </div>
          <button
            type="button"
            aria-haspopup="dialog"
            aria-describedby="delete-account-hint"
            className={buttonClass('secondary', 'sm', 'shrink-0 border-red-400/50! text-red-300! hover:bg-red-500/15!')}
            onClick={() => setOpen('delete')}
          >
            {t('deleteAccount.button')}
          </button>
        </li>
      </ul>
      {open === 'delete' ? <DeleteAccountDialog onClose={() => setOpen(null)} /> : null}
      {open === 'logoutEverywhere' ? <LogoutEverywhereDialog onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
