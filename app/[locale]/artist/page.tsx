import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { listArtists } from '@/lib/server/cache';
import { pageMetadata } from '@/lib/page-metadata';
import { artistHref } from '@/lib/routes';
import { ArtistCard } from '@/components/artist/ArtistCard';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeading } from '@/components/ui/PageHeading';
import { containerClass } from '@/components/ui/styles';
import { enterLocale, type LocaleParams } from '@/i18n/server';

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const locale = await enterLocale(params);
  return pageMetadata({
    locale,
    path: artistHref(),
    description: (await getTranslations({ locale, namespace: 'pages.artist' }))('description'),
  });
}

export default async function ArtistPage({ params }: { params: Promise<LocaleParams> }) {
  const locale = await enterLocale(params);
  await connection();
  const t = await getTranslations({ locale, namespace: 'pages.artist' });
  const artists = await listArtists();
  return (
    <div className={containerClass}>
      <PageHeading eyebrow={t('eyebrow')} title={t('title')}>
        {t('intro')}
      </PageHeading>
      {artists.length > 0 ? (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {artists.map((artist) => (
            <li key={artist._id} className="flex min-w-0">
              <ArtistCard artist={artist} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={t('emptyTitle')}>{t('emptyText')}</EmptyState>
      )}
    </div>
  );
}
