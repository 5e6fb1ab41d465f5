import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { publicEnv } from '@/lib/env';
import { MINIMUM_AGE } from '@/lib/constants';
import { pageMetadata } from '@/lib/page-metadata';
import { termsHref } from '@/lib/routes';
import { listContentPages } from '@/lib/server/content';
import { getDb } from '@/lib/server/db/client';
import { PolicyArticle } from '@/components/dialogs/PolicyDocument';
import { enterLocale, type LocaleParams } from '@/i18n/server';

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const locale = await enterLocale(params);
  const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;
  const policy = await getTranslations({ locale, namespace: 'dialogs.policy' });
  const t = await getTranslations({ locale, namespace: 'pages.terms' });
  return pageMetadata({
    locale,
    path: termsHref(),
    title: `${policy('terms')} | ${brand}`,
    description: t('description', { brand, minimumAge: MINIMUM_AGE }),
  });
}

/** The terms as a page for linking: the same content page the sign-up form's and the footer's modal show. */
export default async function TermsPage({ params }: { params: Promise<LocaleParams> }) {
  await enterLocale(params);
  await connection();
  const page = (await listContentPages(await getDb())).find((p) => p.slug === 'terms');
  if (!page) notFound();
  return <PolicyArticle page={page} />;
}
