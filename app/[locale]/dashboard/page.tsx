import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageTitleMetadata } from '@/lib/page-titles';
import { AccountSettings } from '@/components/dashboard/AccountSettings';
import { ProfileCard } from '@/components/dashboard/ProfileCard';
import { PurchasesSection } from '@/components/dashboard/PurchasesSection';
import { PremiumPurchasesSection } from '@/components/premium/PremiumPurchasesSection';
import { containerClass } from '@/components/ui/styles';
import { ProfileDetails } from '@/components/dashboard/ProfileDetails';
import { enterLocale, type LocaleParams } from '@/i18n/server';
import { PageMessages } from '@/components/layout/PageMessages';

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const locale = await enterLocale(params);
  return { ...pageTitleMetadata('/dashboard', locale), robots: { index: false } };
}

export default async function DashboardPage({ params }: { params: Promise<LocaleParams> }) {
  const locale = await enterLocale(params);
  const t = await getTranslations({ locale, namespace: 'dashboard.page' });
  return (
    <PageMessages locale={locale} route="/dashboard">
      <div className={`${containerClass} pb-4`}>
        <h1 className="pb-6 pt-8 font-display text-3xl font-bold tracking-tight md:pt-12 md:text-4xl">{t('title')}</h1>
        <div className="space-y-6">
          <ProfileCard />
          <ProfileDetails />
          <PurchasesSection />
          <PremiumPurchasesSection />
          <AccountSettings />
        </div>
      </div>
    </PageMessages>
  );
}
