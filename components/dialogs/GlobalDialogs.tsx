'use client';

import { GlobalSpinner } from './GlobalSpinner';
import { LoginDialog } from './LoginDialog';
import { LogoutDialog } from './LogoutDialog';

/** The global dialogs of the layout shell that belong to identity (spec §2): login, logout confirmation, spinner. */
export function GlobalDialogs() {
  return (
    <>
      <LoginDialog />
      <LogoutDialog />
      <GlobalSpinner />
    </>
  );
}
