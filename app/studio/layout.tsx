import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { setRequestLocale } from 'next-intl/server';
import { StudioShell } from '@/components/studio/StudioShell';
import { SiteDocument } from '@/components/layout/SiteDocument';

/**
 * The studio (issue 13): for editors and admins, never indexed, never in the shared page cache (scripts/serve.ts
 * caches only the PAGES of lib/server/http/page-cache.ts), and its JavaScript is in this segment's chunks only. It is
 * in English only, outside the site's languages (app/[locale]), in the same document as the site.
 */
export const metadata: Metadata = {
  title: { absolute: 'Studio' },
  robots: { index: false, follow: false },
};

export const dynamic = 'force-dynamic';

export default function StudioLayout({ children }: { children: ReactNode }) {
  setRequestLocale('en');
  return (
    <SiteDocument lang="en">
      <StudioShell>{children}</StudioShell>
    </SiteDocument>
  );
}
