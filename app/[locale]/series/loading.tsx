'use client';

import { useTranslations } from 'next-intl';
import { GridPageSkeleton } from '@/components/ui/Skeletons';

export default function Loading() {
  const t = useTranslations('pages.loading');
  return <GridPageSkeleton label={t('series')} />;
}
