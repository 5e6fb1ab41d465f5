import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
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
import { PageMessages } from '@/components/layout/PageMessages';

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
  const t = await getTranslations({ locale, namespace: 'pages.tag' });
  return pageMetadata({
    locale,
    path: tagHref(label),
    title: t('metaTitle', { tag: label, brand: publicEnv.NEXT_PUBLIC_BRAND_NAME }),
    description: t('description', { tag: label }),
  });
}

/** Titles with a tag, matched case-insensitively (spec §4 Tag filter). The footer is hidden here (spec §2). */
export default async function TagPage({ params }: Props) {
  const locale = await enterLocale(params);
  await connection();
  const t = await getTranslations({ locale, namespace: 'pages.tag' });
  const label = await tagLabel(params);
  const { items, total } = await listTitles({ tag: label, limit: 100 });

  return (
    <PageMessages locale={locale} route="/tag/[tag]">
      <div className={`${containerClass} pb-16`}>
        <PageHeading eyebrow={t('eyebrow')} title={`#${label}`}>
          {t('count', { count: total, tag: label })}
        </PageHeading>
        <nav aria-label={t('otherTags')} className="mb-8">
          <ul className="scrollbar-none -mx-4 flex gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-wrap md:px-0">
            {TAG_LABELS.map((other) => (
              <li key={other}>
                <ChipLink href={tagHref(other)} active={other.toLowerCase() === label.toLowerCase()}>
                  #{other}
                </ChipLink>
              </li>
            ))}
          </ul>
        </nav>
        {items.length > 0 ? (
          <PosterGrid titles={items} />
        ) : (
          <EmptyState
            title={t('emptyTitle', { tag: label })}
            action={
              <Link href={genresHref()} className={buttonClass('secondary', 'sm')}>
                {t('browseAll')}
              </Link>
            }
          >
            {t('emptyText')}
          </EmptyState>
        )}
      </div>
    </PageMessages>
  );
}
