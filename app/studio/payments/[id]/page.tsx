import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { isId } from '@/lib/ids';
import { PaymentDetailPage } from '@/components/studio/payments/PaymentDetailPage';

export const metadata: Metadata = { title: { absolute: 'Payment · Studio' } };

export default async function StudioPaymentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Payment ids are 24 hex digits; anything else names no payment (the API would refuse it with 422).
  if (!isId(id)) notFound();
  return <PaymentDetailPage key={id} id={id} />;
}
