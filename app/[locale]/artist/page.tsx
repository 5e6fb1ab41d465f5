import type { Metadata } from 'next';
import { connection } from 'next/server';
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
    description: 'Meet the actors of our vertical short dramas and jump straight into their stories.',
  });
}

export default async function ArtistPage({ params }: { params: Promise<LocaleParams> }) {
  await enterLocale(params);
  await connection();
  const artists = await listArtists();
  return (
    <div className={containerClass}>
      <PageHeading eyebrow="Artists" title="The faces behind the kilig">
        Meet the actors of our short dramas and jump straight into their stories.
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
        <EmptyState title="No artists yet">Artist profiles are coming soon.</EmptyState>
      )}
    </div>
  );
}
