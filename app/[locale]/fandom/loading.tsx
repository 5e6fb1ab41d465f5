'use client';

import { CardListSkeleton } from '@/components/ui/Skeletons';

export default function Loading() {
  return <CardListSkeleton />;
}
