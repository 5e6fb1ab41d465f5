import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { publicEnv } from '@/lib/env';
import { pageMetadata } from '@/lib/page-metadata';
import { installHref } from '@/lib/routes';
import { InstallGuide } from '@/components/pwa/InstallGuide';
import { enterLocale, type LocaleParams } from '@/i18n/server';
import { PageMessages } from '@/components/layout/PageMessages';

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const locale = await enterLocale(params);
  const t = await getTranslations({ locale, namespace: 'pwa.installPage' });
  const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;
  return pageMetadata({ locale, path: installHref(), title: `${t('metaTitle')} | ${brand}`, description: t('metaDescription', { brand }) });
}

/** How to add the site to a phone's Home Screen (issue 22): where the footer's store buttons lead until the apps exist. */
export default async function InstallPage({ params }: { params: Promise<LocaleParams> }) {
  const locale = await enterLocale(params);
  return (
    <PageMessages locale={locale} route="/install">
      <InstallGuide />
    </PageMessages>
  );
}
