import type { Metadata } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import { listTitles } from '@/lib/server/cache';
import { publicEnv } from '@/lib/env';
import { pageMetadata } from '@/lib/page-metadata';
import { pagePathSegment } from '@/lib/server/http/page-input';
import { TAG_LABELS } from '@/lib/constants';
import { genresHref, tagHref } from '@/lib/routes';
import { PosterGrid } from '@/components/catalog/PosterGrid';
import { ChipLink } from '@/components/ui/Chip';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeading } from '@/components/ui/PageHeading';
import { buttonClass, containerClass } from '@/components/ui/styles';
import { enterLocale, type LocaleParams } from '@/i18n/server';

type Props = { params: Promise<LocaleParams & { tag: string }> };

/**
 * The tag as written in the URL, in the fixed label's spelling when it is one (spec §4: case-insensitive). A malformed
 * escape or a control character is a 404 (the layout answers it; the page, rendered alongside, must not query with it).
 */
async function tagLabel(params: Props['params']): Promise<string> {
  const raw = pagePathSegment((await params).tag).trim();
  return TAG_LABELS.find((l) => l.toLowerCase() === raw.toLowerCase()) ?? raw;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await enterLocale(params);
  const label = await tagLabel(params);
  return pageMetadata({
    locale,
    path: tagHref(label),
    title: `#${label} movies and series | ${publicEnv.NEXT_PUBLIC_BRAND_NAME}`,
    description: `Vertical short dramas tagged #${label}: movies and series to stream on your phone.`,
  });
}

/** Titles with a tag, matched case-insensitively (spec §4 Tag filter). The footer is hidden here (spec §2). */
export default async function TagPage({ params }: Props) {
  await enterLocale(params);
  await connection();
  const label = await tagLabel(params);
  const { items, total } = await listTitles({ tag: label, limit: 100 });

  return (
    <div className={`${containerClass} pb-16`}>
      <PageHeading eyebrow="Tag" title={`#${label}`}>
        {total === 1 ? '1 title' : `${total} titles`} tagged {label}.
      </PageHeading>
      <nav aria-label="Other tags" className="mb-8">
        <ul className="scrollbar-none -mx-4 flex gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-wrap md:px-0">
          {TAG_LABELS.map((t) => (
            <li key={t}>
              <ChipLink href={tagHref(t)} active={t.toLowerCase() === label.toLowerCase()}>
                #{t}
              </ChipLink>
            </li>
          ))}
        </ul>
      </nav>
      {items.length > 0 ? (
        <PosterGrid titles={items} />
      ) : (
        <EmptyState
          title={`Nothing tagged #${label} yet`}
          action={
            <Link href={genresHref()} className={buttonClass('secondary', 'sm')}>
              Browse all movies
            </Link>
          }
        >
          Try another tag above.
        </EmptyState>
      )}
    </div>
  );
}
