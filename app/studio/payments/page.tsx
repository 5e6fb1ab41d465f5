import type { Metadata } from 'next';
import { PaymentsPage } from '@/components/studio/payments/PaymentsPage';

export const metadata: Metadata = { title: { absolute: 'Payments · Studio' } };

export default function StudioPaymentsPage() {
  return <PaymentsPage />;
}
