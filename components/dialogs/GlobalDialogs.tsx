'use client';

import dynamic from 'next/dynamic';
import { useAppSelector } from '@/store/hooks';
import { selectLoginDialogOpen, selectLogoutDialogOpen, selectSubscriptionDialogOpen, selectTopUpDialogOpen } from '@/store/ui/selectors';
import { useSiteHistoryRecord } from '@/components/subscription/site-history';
import { DialogLoading } from './DialogLoading';
import { GlobalSpinner } from './GlobalSpinner';

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
