import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { Artist } from '@/lib/contracts/catalog';
import { movieHref } from '@/lib/routes';
import { UserIcon } from '@/components/ui/icons';
import { PremiumBadge } from '@/components/ui/PremiumBadge';

/** An artist with a short bio and the titles they appear in. */
export function ArtistCard({ artist, headingLevel = 'h2' }: { artist: Artist; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  const t = useTranslations('artist');
  const headingId = `artist-${artist._id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex w-full min-w-0 flex-col rounded-2xl border border-white/5 bg-ink-900/70 p-5 transition duration-300 hover:-translate-y-0.5 hover:border-kilig-400/25 motion-reduce:hover:translate-y-0"
    >
      <div className="flex items-center gap-4">
        <div className="relative size-20 shrink-0 overflow-hidden rounded-full bg-gradient-to-br from-kilig-700 to-ink-700 ring-2 ring-kilig-400/30">
          <UserIcon size={32} className="absolute left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2 text-white/30" />
          {artist.image ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img
              src={artist.image}
              alt={t('portraitAlt', { name: artist.name })}
              width={80}
              height={80}
              loading="lazy"
              className="relative size-full object-cover text-transparent"
            />
          ) : null}
        </div>
        <div className="min-w-0">
          <Heading id={headingId} className="font-display text-xl font-bold">
            {artist.name}
          </Heading>
          <p className="text-sm text-fg-subtle">
            {t('titleCount', { count: artist.titles.length })}
          </p>
        </div>
      </div>
      {artist.bio ? <p className="mt-4 line-clamp-4 text-sm leading-relaxed text-fg-muted">{artist.bio}</p> : null}
      {artist.titles.length > 0 ? (
        <ul className="scrollbar-none -mx-5 mt-5 flex gap-3 overflow-x-auto px-5 pb-1" aria-label={t('titlesWith', { name: artist.name })}>
          {artist.titles.map((item) => (
            <li key={item._id} className="w-24 shrink-0">
              <Link href={movieHref(item)} className="group block rounded-lg">
                <div className="relative aspect-[9/16] overflow-hidden rounded-lg bg-ink-700">
                  {/* eslint-disable-next-line @next/next/no-img-element */}
                  <img
                    src={item.thumbnail}
                    alt=""
                    width={96}
                    height={171}
                    loading="lazy"
                    className="size-full object-cover text-transparent transition-transform duration-300 group-hover:scale-105"
                  />
                  {item.isPremium ? <PremiumBadge className="absolute left-1 top-1 scale-90" /> : null}
                </div>
                <p className="mt-1.5 line-clamp-2 text-xs font-medium text-fg-muted group-hover:text-fg">{item.name}</p>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
