import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/lib/page-metadata';
import { walletHref } from '@/lib/routes';
import { WalletPanel } from '@/components/wallet/WalletPanel';
import { WalletHistory } from '@/components/wallet/WalletHistory';
import { HowCoinsWork, WalletIntro } from '@/components/wallet/WalletIntro';
import { containerClass } from '@/components/ui/styles';
import { enterLocale, type LocaleParams } from '@/i18n/server';
import { PageMessages } from '@/components/layout/PageMessages';

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const locale = await enterLocale(params);
  return pageMetadata({
    locale,
    path: walletHref(),
    description: (await getTranslations({ locale, namespace: 'wallet.intro' }))('description'),
    noindex: true,
  });
}

export default async function WalletPage({ params }: { params: Promise<LocaleParams> }) {
  const locale = await enterLocale(params);
  return (
    <PageMessages locale={locale} route="/wallet">
      <div className={containerClass}>
        <WalletIntro />
        <WalletPanel />
        <WalletHistory />
        <HowCoinsWork />
      </div>
    </PageMessages>
  );
}
