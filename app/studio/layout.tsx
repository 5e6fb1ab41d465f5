import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { StudioShell } from '@/components/studio/StudioShell';

/**
 * The studio (issue 13): for editors and admins, never indexed, never in the shared page cache (scripts/serve.ts
 * caches only the PAGES of lib/server/http/page-cache.ts), and its JavaScript is in this segment's chunks only.
 */
export const metadata: Metadata = {
  title: { absolute: 'Studio' },
  robots: { index: false, follow: false },
};

export const dynamic = 'force-dynamic';

export default function StudioLayout({ children }: { children: ReactNode }) {
  return <StudioShell>{children}</StudioShell>;
}
