import type { Metadata } from 'next';
import { pageTitleMetadata } from '@/lib/page-titles';
import { PaymentReturn } from '@/components/checkout/PaymentReturn';
import { containerClass } from '@/components/ui/styles';

// Spec §2: any other path's title is the brand only. Per-user and per-payment: never indexed, never followed.
export const metadata: Metadata = { ...pageTitleMetadata('/payment/return'), robots: { index: false, follow: false } };

/** GET /payment/return?requestId=… – where the payment gateway sends the buyer back; the status is checked on the client. */
export default async function PaymentReturnPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { requestId } = await searchParams;
  return (
    <div className={`${containerClass} pb-12`}>
      <PaymentReturn requestId={typeof requestId === 'string' && requestId ? requestId : null} />
    </div>
  );
}
