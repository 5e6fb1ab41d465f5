import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { TitleCard } from '@/lib/contracts/catalog';
import { RELATED_ITEMS, RELATED_NAME_MAX } from '@/lib/constants';
import { episodeHref, movieHref } from '@/lib/routes';
import { truncate } from '@/lib/format';
import { PremiumBadge } from '@/components/ui/PremiumBadge';
import { FilmIcon } from '@/components/ui/icons';
import { LinkPending } from '@/components/catalog/LinkPending';

/** Spec §2: a premium item opens its detail page; a non-premium one opens episode 1 in the player. */
export const relatedHref = (t: Pick<TitleCard, '_id' | 'name' | 'isPremium'>) => (t.isPremium ? movieHref(t) : episodeHref(t, 1));

/**
 * 'You Might Like': the first 16 of the loaded collection, names cut to 20 characters. Always below the first screen:
 * it renders when near (globals.css); the size guess is per breakpoint (rows of 9:16 posters).
 */
export function RelatedTitles({ titles }: { titles: TitleCard[] }) {
  const t = useTranslations('movie');
  const items = titles.slice(0, RELATED_ITEMS);
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="related-heading"
      className="mt-14 render-when-near [contain-intrinsic-size:auto_100rem] min-[480px]:[contain-intrinsic-size:auto_76rem] md:mt-20 md:[contain-intrinsic-size:auto_50rem] lg:[contain-intrinsic-size:auto_34rem]"
    >
      <h2 id="related-heading" className="mb-5 text-xl font-semibold tracking-tight md:text-2xl">
        {t('related')}
      </h2>
      <ul className="grid grid-cols-3 gap-x-3 gap-y-5 min-[480px]:grid-cols-4 md:grid-cols-6 lg:grid-cols-8">
        {items.map((item) => (
          <li key={item._id}>
            <Link href={relatedHref(item)} className="group block rounded-xl" title={item.name}>
              <div className="relative aspect-[9/16] overflow-hidden rounded-xl bg-ink-800 ring-1 ring-white/5 transition duration-300 group-hover:ring-kilig-400/40">
                <FilmIcon size={28} className="absolute left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2 text-white/15" />
                {item.thumbnail ? (
                  // eslint-disable-next-line @next/next/no-img-element
                  <img src={item.thumbnail} alt="" width={180} height={320} loading="lazy" decoding="async" className="relative size-full object-cover text-transparent" />
                ) : null}
                {item.isPremium ? <PremiumBadge className="absolute left-1.5 top-1.5" /> : null}
                <LinkPending />
              </div>
              <h3 className="mt-1.5 text-xs font-medium leading-snug text-fg-muted group-hover:text-fg sm:text-sm">
                {truncate(item.name, RELATED_NAME_MAX)}
              </h3>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
