import { useTranslations } from 'next-intl';
import type { Genre } from '@/lib/contracts/catalog';
import { TAG_LABELS } from '@/lib/constants';
import { genresHref } from '@/lib/routes';
import { ChipLink } from '@/components/ui/Chip';

/**
 * Genre chips and the tag filter of the browse page. Every chip is a link to a URL (?genre=&tag=), so filters are
 * shareable, work without JavaScript and survive reloads. Choosing the active tag again clears it.
 */
export function BrowseFilters({ genres, genre, tag }: { genres: Genre[]; genre: string | null; tag: string | null }) {
  const t = useTranslations('catalog.filters');
  const activeTag = tag?.toLowerCase() ?? null;
  return (
    <div className="space-y-4">
      <nav aria-label={t('genres')}>
        <ul className="scrollbar-none -mx-4 flex gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-wrap md:px-0">
          <li>
            <ChipLink href={genresHref({ tag })} active={!genre}>
              {t('all')}
            </ChipLink>
          </li>
          {genres.map((g) => (
            <li key={g._id}>
              <ChipLink href={genresHref({ genre: g.slug, tag })} active={genre === g.slug}>
                {g.name}
              </ChipLink>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label={t('tags')} className="flex items-start gap-3">
        <span className="mt-1.5 shrink-0 text-xs font-semibold uppercase tracking-wider text-fg-subtle">{t('tags')}</span>
        <ul className="scrollbar-none -mr-4 flex gap-2 overflow-x-auto pb-1 pr-4 md:mr-0 md:flex-wrap md:pr-0">
          {TAG_LABELS.map((label) => {
            const active = activeTag === label.toLowerCase();
            return (
              <li key={label}>
                <ChipLink href={genresHref({ genre, tag: active ? null : label })} active={active}>
                  #{label}
                </ChipLink>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
