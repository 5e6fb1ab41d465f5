import type { Metadata } from 'next';
import { Suspense } from 'react';
import { InsightsPage } from '@/components/studio/insights/InsightsPage';

export const metadata: Metadata = { title: { absolute: 'Insights · Studio' } };

// The range is read from the address on the client (useSearchParams), hence the Suspense boundary.
export default function StudioInsightsPage() {
  return (
    <Suspense>
      <InsightsPage />
    </Suspense>
  );
}
