import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { publicEnv } from '@/lib/env';
import { pageMetadata } from '@/lib/page-metadata';
import { privacyHref } from '@/lib/routes';
import { listContentPages } from '@/lib/server/content';
import { getDb } from '@/lib/server/db/client';
import { POLICY_TITLES, PolicyArticle } from '@/components/dialogs/PolicyDocument';
import { enterLocale, type LocaleParams } from '@/i18n/server';

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const locale = await enterLocale(params);
  return pageMetadata({
    locale,
    path: privacyHref(),
    title: `${POLICY_TITLES.privacy} | ${publicEnv.NEXT_PUBLIC_BRAND_NAME}`,
    description: `How ${publicEnv.NEXT_PUBLIC_BRAND_NAME} collects, uses and protects your information, and the rights you have over it.`,
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
