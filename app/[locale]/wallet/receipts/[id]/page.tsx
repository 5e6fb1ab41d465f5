import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ReceiptView } from '@/components/dashboard/ReceiptView';
import { enterLocale, type LocaleParams } from '@/i18n/server';
import { PageMessages } from '@/components/layout/PageMessages';

type Props = { params: Promise<LocaleParams & { id: string }> };

/**
 * One receipt, to print or save as PDF (issue 22). Personal: never indexed, not in the sitemap, not in the shared page
 * cache (lib/server/http/page-cache.ts lists no such path). The HTML is the same for everyone; the receipt itself is
 * read in the browser with the viewer's token (components/dashboard/ReceiptView.tsx).
 */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await enterLocale(params);
  const t = await getTranslations({ locale, namespace: 'dashboard.receiptPage' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

export default async function ReceiptPage({ params }: Props) {
  const locale = await enterLocale(params);
  const { id } = await params;
  return (
    <PageMessages locale={locale} route="/wallet/receipts/[id]">
      <ReceiptView paymentId={id} />
    </PageMessages>
  );
}
