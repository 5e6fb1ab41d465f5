'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useAppSelector } from '@/store/hooks';
import { selectLoginDialogOpen, selectLogoutDialogOpen, selectSubscriptionDialogOpen, selectTopUpDialogOpen } from '@/store/ui/selectors';
import { useSiteHistoryRecord } from '@/components/subscription/site-history';
import { GlobalSpinner } from './GlobalSpinner';

/** Shown for the moment a dialog's code takes to arrive on a slow network. */
function DialogLoading() {
  const t = useTranslations('dialogs.modal');
  return (
    <div role="status" aria-label={t('loading')} className="fixed inset-0 z-[60] flex items-center justify-center bg-ink-950/60">
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-[3px] border-white/10 border-t-kilig-400 motion-reduce:animate-none" />
    </div>
  );
}

// The dialogs' code (forms, validation, policy texts) is fetched the first time one opens, not with every page.
const LoginDialog = dynamic(() => import('./LoginDialog').then((m) => m.LoginDialog), { ssr: false, loading: DialogLoading });
const LogoutDialog = dynamic(() => import('./LogoutDialog').then((m) => m.LogoutDialog), { ssr: false, loading: DialogLoading });
const SubscriptionDialog = dynamic(() => import('@/components/subscription/SubscriptionDialog').then((m) => m.SubscriptionDialog), {
  ssr: false,
  loading: DialogLoading,
});

const TopUpDialog = dynamic(() => import('@/components/coins/TopUpDialog').then((m) => m.TopUpDialog), { ssr: false, loading: DialogLoading });

/** The global dialogs of the layout shell (spec §2): login, logout confirmation, top-up, spinner, and the VIP subscription dialog. */
export function GlobalDialogs() {
  useSiteHistoryRecord();
  const loginOpen = useAppSelector(selectLoginDialogOpen);
  const logoutOpen = useAppSelector(selectLogoutDialogOpen);
  const subscriptionOpen = useAppSelector(selectSubscriptionDialogOpen);
  const topUpOpen = useAppSelector(selectTopUpDialogOpen);
  return (
    <>
      {subscriptionOpen && <SubscriptionDialog />}
      {/* Before login: a guest asked to log in from the top-up sees the login dialog above it. */}
      {topUpOpen && <TopUpDialog />}
      {loginOpen && <LoginDialog />}
      {logoutOpen && <LogoutDialog />}
      <GlobalSpinner />
    </>
  );
}
