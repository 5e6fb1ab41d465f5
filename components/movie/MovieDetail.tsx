import { useLocale, useTranslations } from 'next-intl';
import { Link, getPathname } from '@/i18n/navigation';
import type { Genre, TitleCard, TitleDetail } from '@/lib/contracts/catalog';
import { MOVIE_TYPE } from '@/lib/constants';
import { episodeHref, fullEpisodesHref, genresHref, homeHref, movieHref, tagHref } from '@/lib/routes';
import { absoluteUrl } from '@/lib/seo';
import { truncate } from '@/lib/format';
import { imageSrcSet } from '@/lib/images';
import { PremiumBadge } from '@/components/ui/PremiumBadge';
import { ChipLink } from '@/components/ui/Chip';
import { ChevronDownIcon, ChevronRightIcon, FilmIcon, PlayIcon } from '@/components/ui/icons';
import { buttonClass, containerClass } from '@/components/ui/styles';
import { MyListButton } from '@/components/catalog/MyListButton';
import { Breadcrumb } from './Breadcrumb';
import { EpisodeGrid } from './EpisodeTile';
import { FavouritesCount } from './FavouritesCount';
import { BuyPremiumButton, SeriesPriceSummary } from './PurchaseOffers';
import { PlotText } from './PlotText';
import { RelatedTitles } from './RelatedTitles';
import { ShareButton } from './ShareButton';
import { TrailerButton } from './TrailerButton';
import { VideoReactions } from './VideoReactions';
import { countEpisodes, groupBySeason, seasonLabel } from './episode-labels';

/**
 * The movie / series detail page (spec §2 'Movie detail page'). Everything public is server HTML (cached, readable
 * without JavaScript); the islands are the viewer's own: my list, favourites count, share, trailer, like and rating.
 */
export function MovieDetail({ title, genres, related = [] }: { title: TitleDetail; genres: Genre[]; related?: TitleCard[] }) {
  const t = useTranslations('movie');
  const tc = useTranslations('common');
  const locale = useLocale();
  const episodeCount = countEpisodes(title.episodes);
  const hasEpisodes = episodeCount > 0;
  const firstEpisode = title.episodes.find((e) => e.episodeNumber > 0);
  const genreSlug = (name: string) => genres.find((g) => g.name === name)?.slug;
  const kind = tc(title.type === MOVIE_TYPE.MOVIE ? 'type.movie' : 'type.series');
  const posterSrcSet = imageSrcSet(title.thumbnail);
  const listTitle = { _id: title._id, name: title.name, thumbnail: title.thumbnail, type: title.type, totalEpisodes: title.totalEpisodes };

  return (
    <article className="relative">
      {/*
        A soft, blurred wash of the poster behind the header area, from md up only. On a phone it would be the largest
        paint, and a 64 px blur over the whole header is slow to draw: in Lighthouse's mobile traces the wash appeared
        1-5 s after the first paint (after the app's scripts had run), which made the page's LCP wait for them; without
        it the LCP is the poster, painted with the page. High fetch priority, as the poster's: the same file (same srcset
        and sizes), one request, preloaded by React from this first <img>.
      */}
      {title.thumbnail ? (
        <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 -z-10 hidden h-[520px] overflow-hidden md:block">
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={title.thumbnail}
            srcSet={posterSrcSet}
            sizes={posterSrcSet && POSTER_SIZES}
            alt=""
            width={270}
            height={480}
            fetchPriority="high"
            className="size-full scale-110 object-cover opacity-25 blur-3xl"
          />
          <div className="absolute inset-0 bg-gradient-to-b from-ink-950/40 via-ink-950/70 to-ink-950" />
        </div>
      ) : null}

      <div className={`${containerClass} py-6 md:py-10`}>
        <Breadcrumb items={[{ label: t('home'), href: homeHref() }, { label: title.name }]} />

        <div className="mt-6 grid gap-8 md:grid-cols-[minmax(220px,300px)_1fr] md:gap-12">
          <Poster title={title} hasEpisodes={hasEpisodes} />

          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs font-semibold uppercase tracking-[0.18em] text-kilig-300">
              <span>{kind}</span>
              {title.releaseYear ? <span className="text-fg-subtle">· {title.releaseYear}</span> : null}
              <span className="text-fg-subtle">
                · {t('episodeCount', { count: episodeCount })}
              </span>
            </p>
            <h1 className="mt-2 text-balance font-display text-3xl font-bold leading-tight tracking-tight md:text-5xl">
              {title.name}
            </h1>
            <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-fg-muted">
              {title.isPremium ? <PremiumBadge /> : null}
              <FavouritesCount titleId={title._id} initial={title.totalAddedToList} />
            </div>

            {title.genres.length + title.tags.length > 0 ? (
              <ul className="mt-5 flex flex-wrap gap-2" aria-label={t('genresAndTags')}>
                {title.genres.map((name) => {
                  const slug = genreSlug(name);
                  return (
                    <li key={`g-${name}`}>
                      <ChipLink href={slug ? genresHref({ genre: slug }) : genresHref()}>{name}</ChipLink>
                    </li>
                  );
                })}
                {title.tags.map((tag) => (
                  <li key={`t-${tag}`}>
                    <ChipLink href={tagHref(tag)}>#{tag}</ChipLink>
                  </li>
                ))}
              </ul>
            ) : null}

            <section aria-labelledby="plot-heading" className="mt-6">
              <h2 id="plot-heading" className="text-sm font-semibold uppercase tracking-wider text-fg">
                {t('plot')}
              </h2>
              <PlotText text={title.description || t('noDescription')} />
            </section>

            {title.artists.length > 0 ? (
              <p className="mt-5 text-sm text-fg-muted">
                <span className="font-semibold text-fg">{t('starring')}</span>
                {title.artists.map((a) => a.name).join(', ')}
              </p>
            ) : null}

            <div className="mt-7 flex flex-wrap items-center gap-3">
              {hasEpisodes && firstEpisode ? (
                <Link href={episodeHref(title, firstEpisode.episodeNumber)} className={buttonClass('primary', 'lg')}>
                  <PlayIcon size={20} /> {t('playNow')}
                </Link>
              ) : (
                <button type="button" disabled aria-describedby="no-episodes" className={buttonClass('primary', 'lg')}>
                  <PlayIcon size={20} /> {t('playNow')}
                </button>
              )}
              {firstEpisode?.premiumPriceCentavos ? (
                <BuyPremiumButton videoId={firstEpisode._id} priceCentavos={firstEpisode.premiumPriceCentavos} />
              ) : null}
              <MyListButton title={listTitle} />
              {title.trailerUrl ? (
                <TrailerButton
                  trailer={{ titleId: title._id, name: title.name, poster: title.trailerImage ?? title.thumbnail, duration: title.trailerDuration }}
                />
              ) : null}
              <ShareButton title={title.name} text={truncate(title.description, 140)} url={absoluteUrl(getPathname({ href: movieHref(title), locale }))} />
            </div>
            {hasEpisodes ? null : (
              <p id="no-episodes" role="note" className="mt-3 text-sm font-medium text-kilig-200">
                {t('noEpisodesMessage')}
              </p>
            )}

            {/* Coins per episode only where an episode is sold for coins: a premium video is only bought ('Buy for ₱X'). */}
            {title.episodes.some((e) => e.isPremium && e.coinPrice > 0 && !e.premiumPriceCentavos) ? <SeriesPriceSummary movieSeriesId={title._id} /> : null}
            {firstEpisode ? (
              <VideoReactions
                titleId={title._id}
                videoId={firstEpisode._id}
                subject={title.type === MOVIE_TYPE.MOVIE ? t('rateSubjectMovie') : t('rateSubjectEpisode', { number: firstEpisode.episodeNumber })}
              />
            ) : null}
          </div>
        </div>

        <EpisodesSection title={title} episodeCount={episodeCount} />
        <RelatedTitles titles={related} />
      </div>
    </article>
  );
}

/**
 * The poster's width: 12rem on phones, 14rem from sm, its column (at most 300px) from md. The blurred wash behind the
 * header is given the same srcset and sizes so the browser picks the same file for both: one request.
 */
const POSTER_SIZES = '(min-width: 48.0625rem) 300px, (min-width: 40rem) 14rem, 12rem';

function Poster({ title, hasEpisodes }: { title: TitleDetail; hasEpisodes: boolean }) {
  const t = useTranslations('movie');
  const posterSrcSet = imageSrcSet(title.thumbnail);
  if (!hasEpisodes) {
    return (
      <div className="relative mx-auto flex aspect-[9/16] w-48 flex-col sm:w-56 items-center justify-center gap-2 overflow-hidden rounded-2xl border border-white/10 bg-gradient-to-br from-ink-800 via-ink-900 to-kilig-800/40 text-center shadow-card md:w-full">
        <FilmIcon size={40} className="text-kilig-300" />
        <p className="text-lg font-semibold text-fg">{t('noEpisodesTitle')}</p>
        <p className="text-sm uppercase tracking-[0.2em] text-gold-300">{t('comingSoon')}</p>
      </div>
    );
  }
  return (
    <div className="relative mx-auto aspect-[9/16] w-48 overflow-hidden sm:w-56 rounded-2xl bg-ink-800 shadow-card ring-1 ring-white/10 md:w-full">
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={title.thumbnail}
        srcSet={posterSrcSet}
        sizes={posterSrcSet && POSTER_SIZES}
        alt={t('posterAlt', { name: title.name })}
        width={540}
        height={960}
        fetchPriority="high"
        className="size-full object-cover text-transparent"
      />
      {title.isPremium ? <PremiumBadge className="absolute left-3 top-3" /> : null}
    </div>
  );
}

function EpisodesSection({ title, episodeCount }: { title: TitleDetail; episodeCount: number }) {
  const t = useTranslations('movie');
  if (title.episodes.length === 0) return null;
  const isSeries = title.type === MOVIE_TYPE.SERIES;
  const { loose, groups } = isSeries ? groupBySeason(title.episodes, title.seasons) : { loose: title.episodes, groups: [] };
  const ref = { _id: title._id, name: title.name };

  return (
    <section aria-labelledby="episodes-heading" className="mt-12 md:mt-16">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <h2 id="episodes-heading" className="text-xl font-semibold tracking-tight md:text-2xl">
          {isSeries ? t('seasonsAndEpisodes') : t('episodes')}
        </h2>
        {episodeCount > 0 ? (
          <Link
            href={fullEpisodesHref(title)}
            className="inline-flex items-center gap-1 text-sm font-medium text-kilig-300 hover:text-kilig-200"
          >
            {t('allEpisodesLink', { count: episodeCount })}
            <ChevronRightIcon size={16} />
          </Link>
        ) : null}
      </div>

      {loose.length > 0 ? <EpisodeGrid title={ref} episodes={loose} /> : null}

      {groups.length > 0 ? (
        <div className={loose.length > 0 ? 'mt-6 space-y-4' : 'space-y-4'}>
          {groups.map((group, i) => (
            <details
              key={group.season.seasonNumber}
              open={i === 0}
              className="group/season rounded-2xl border border-white/5 bg-ink-900/40"
            >
              <summary className="flex items-center justify-between gap-3 rounded-2xl px-4 py-3.5 hover:bg-white/5">
                <span className="font-semibold">{seasonLabel(t, group.season)}</span>
                <span className="flex items-center gap-2 text-sm text-fg-muted">
                  {t('episodeCount', { count: countEpisodes(group.episodes) })}
                  <ChevronDownIcon size={18} className="transition-transform group-open/season:rotate-180" />
                </span>
              </summary>
              <div className="px-3 pb-3">
                <EpisodeGrid title={ref} episodes={group.episodes} />
              </div>
            </details>
          ))}
        </div>
      ) : null}
    </section>
  );
}
