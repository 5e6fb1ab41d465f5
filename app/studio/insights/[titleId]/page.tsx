import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { TitleInsightsView } from '@/components/studio/insights/TitleInsightsView';
import { isId } from '@/lib/ids';

export const metadata: Metadata = { title: { absolute: 'Title insights · Studio' } };

export default async function StudioTitleInsightsPage({ params }: { params: Promise<{ titleId: string }> }) {
  const { titleId } = await params;
  if (!isId(titleId)) notFound();
  return (
    <Suspense>
      <TitleInsightsView titleId={titleId} />
    </Suspense>
  );
}
