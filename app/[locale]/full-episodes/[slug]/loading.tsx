'use client';

import { DetailSkeleton } from '@/components/ui/Skeletons';

export default function Loading() {
  return <DetailSkeleton />;
}
