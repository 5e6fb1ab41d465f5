import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { publicEnv } from '@/lib/env';
import { pageMetadata } from '@/lib/page-metadata';
import { privacyHref } from '@/lib/routes';
import { listContentPages } from '@/lib/server/content';
import { getDb } from '@/lib/server/db/client';
import { POLICY_TITLES, PolicyArticle } from '@/components/dialogs/PolicyDocument';

export const metadata: Metadata = pageMetadata({
  path: privacyHref(),
  title: `${POLICY_TITLES.privacy} | ${publicEnv.NEXT_PUBLIC_BRAND_NAME}`,
  description: `How ${publicEnv.NEXT_PUBLIC_BRAND_NAME} collects, uses and protects your information, and the rights you have over it.`,
});

/** The privacy policy as a page for linking: the same content page the sign-up form's and the footer's modal show. */
export default async function PrivacyPage() {
  await connection();
  const page = (await listContentPages(await getDb())).find((p) => p.slug === 'privacy');
  if (!page) notFound();
  return <PolicyArticle page={page} />;
}
