import type { Metadata } from 'next';
import { PricesPage } from '@/components/studio/prices/PricesPage';

export const metadata: Metadata = { title: { absolute: 'Prices & plans · Studio' } };

export default function StudioPricesPage() {
  return <PricesPage />;
}
