import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { publicEnv } from '@/lib/env';
import { pageMetadata } from '@/lib/page-metadata';
import { privacyHref } from '@/lib/routes';
import { listContentPages } from '@/lib/server/content';
import { getDb } from '@/lib/server/db/client';
import { PolicyArticle } from '@/components/dialogs/PolicyDocument';
import { enterLocale, type LocaleParams } from '@/i18n/server';

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const locale = await enterLocale(params);
  const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;
  const policy = await getTranslations({ locale, namespace: 'dialogs.policy' });
  const t = await getTranslations({ locale, namespace: 'pages.privacy' });
  return pageMetadata({
    locale,
    path: privacyHref(),
    title: `${policy('privacy')} | ${brand}`,
    description: t('description', { brand }),
  });
}

/** The privacy policy as a page for linking: the same content page the sign-up form's and the footer's modal show. */
export default async function PrivacyPage({ params }: { params: Promise<LocaleParams> }) {
  await enterLocale(params);
  await connection();
  const page = (await listContentPages(await getDb())).find((p) => p.slug === 'privacy');
  if (!page) notFound();
  return <PolicyArticle page={page} />;
}
