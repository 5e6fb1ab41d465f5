import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/lib/page-metadata';
import { dashboardHref, homeHref, libraryHref } from '@/lib/routes';
import { firstParam, type SearchParamValue } from '@/lib/search-params';
import { HistoryPanel, MyListPanel } from '@/components/library/LibraryPanels';
import { LibraryTabs } from '@/components/library/LibraryTabs';
import { Breadcrumb } from '@/components/movie/Breadcrumb';
import { containerClass } from '@/components/ui/styles';
import { enterLocale, type LocaleParams } from '@/i18n/server';
import { PageMessages } from '@/components/layout/PageMessages';

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const locale = await enterLocale(params);
  return pageMetadata({
    locale,
    path: libraryHref(),
    description: (await getTranslations({ locale, namespace: 'pages.library' }))('description'),
    noindex: true,
  });
}

export default async function LibraryPage({ params, searchParams }: { params: Promise<LocaleParams>; searchParams: Promise<Record<string, SearchParamValue>> }) {
  const locale = await enterLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages.library' });
  const tab = firstParam((await searchParams).tab) === 'history' ? 'history' : 'list';
  return (
    <PageMessages locale={locale} route="/dashboard/library">
      <div className={`${containerClass} pt-6 md:pt-10`}>
        <Breadcrumb
          items={[{ label: t('home'), href: homeHref() }, { label: t('dashboard'), href: dashboardHref() }, { label: t('library') }]}
        />
        <h1 className="pb-4 pt-4 font-display text-3xl font-bold tracking-tight md:text-4xl">{t('title')}</h1>
        <LibraryTabs active={tab} />
        {tab === 'history' ? <HistoryPanel /> : <MyListPanel />}
      </div>
    </PageMessages>
  );
}
