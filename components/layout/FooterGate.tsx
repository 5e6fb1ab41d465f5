'use client';

import { usePathname } from '@/i18n/navigation';
import type { ReactNode } from 'react';
import { isFooterHidden } from './chrome';

/** The footer is hidden on paths containing /episodes/ or /tag/ (spec §2 Layout shell); it renders on the server. */
export function FooterGate({ children }: { children: ReactNode }) {
  const pathname = usePathname() ?? '/';
  return <FooterGateView pathname={pathname}>{children}</FooterGateView>;
}

export function FooterGateView({ pathname, children }: { pathname: string; children: ReactNode }) {
  return isFooterHidden(pathname) ? null : <>{children}</>;
}
