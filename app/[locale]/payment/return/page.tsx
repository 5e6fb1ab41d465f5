import type { Metadata } from 'next';
import { pageTitleMetadata } from '@/lib/page-titles';
import { PaymentReturn } from '@/components/checkout/PaymentReturn';
import { containerClass } from '@/components/ui/styles';
import { enterLocale, type LocaleParams } from '@/i18n/server';

// Spec §2: any other path's title is the brand only. Per-user and per-payment: never indexed, never followed.
export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const locale = await enterLocale(params);
  return { ...pageTitleMetadata('/payment/return', locale), robots: { index: false, follow: false } };
}

/** GET /payment/return?requestId=… – where the payment gateway sends the buyer back; the status is checked on the client. */
export default async function PaymentReturnPage({ params, searchParams }: { params: Promise<LocaleParams>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await enterLocale(params);
  const { requestId } = await searchParams;
  return (
    <div className={`${containerClass} pb-12`}>
      <PaymentReturn requestId={typeof requestId === 'string' && requestId ? requestId : null} />
    </div>
  );
}
