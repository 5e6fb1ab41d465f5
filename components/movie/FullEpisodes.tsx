import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { TitleDetail } from '@/lib/contracts/catalog';
import { homeHref, movieHref } from '@/lib/routes';
import { EmptyState } from '@/components/ui/EmptyState';
import { ChevronLeftIcon, FilmIcon } from '@/components/ui/icons';
import { buttonClass, containerClass } from '@/components/ui/styles';
import { Breadcrumb } from './Breadcrumb';
import { EpisodeGrid } from './EpisodeTile';
import { countEpisodes, groupBySeason, seasonLabel } from './episode-labels';

/** Every episode of a title, grouped by season for series (spec §2 route /full-episodes/…). */
export function FullEpisodes({ title }: { title: TitleDetail }) {
  const t = useTranslations('movie');
  const count = countEpisodes(title.episodes);
  const ref = { _id: title._id, name: title.name };
  const { loose, groups } = groupBySeason(title.episodes, title.seasons);

  return (
    <div className={`${containerClass} py-6 md:py-10`}>
      <Breadcrumb
        items={[{ label: t('home'), href: homeHref() }, { label: title.name, href: movieHref(title) }, { label: t('allEpisodes.eyebrow') }]}
      />
      <div className="mb-8 mt-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-kilig-300">{t('allEpisodes.eyebrow')}</p>
          <h1 className="mt-2 font-display text-3xl font-bold tracking-tight md:text-4xl">{title.name}</h1>
          <p className="mt-2 text-fg-muted">{t('episodeCount', { count })}</p>
        </div>
        <Link href={movieHref(title)} className={buttonClass('secondary', 'sm')}>
          <ChevronLeftIcon size={16} /> {t('allEpisodes.back')}
        </Link>
      </div>

      {title.episodes.length === 0 ? (
        <EmptyState title={t('noEpisodesTitle')} icon={<FilmIcon size={26} />}>
          {t('allEpisodes.emptyBody')}
        </EmptyState>
      ) : (
        <div className="space-y-10">
          {loose.length > 0 ? (
            // The tiles' names are level-3 headings: episodes outside a season get a level-2 heading above them, as
            // seasons do, so no level is skipped after the page's h1.
            <section aria-labelledby="episodes-heading">
              <h2 id="episodes-heading" className="sr-only">
                {t('episodes')}
              </h2>
              <EpisodeGrid title={ref} episodes={loose} />
            </section>
          ) : null}
          {groups.map((group) => (
            <section key={group.season.seasonNumber} aria-labelledby={`season-${group.season.seasonNumber}`}>
              <h2 id={`season-${group.season.seasonNumber}`} className="mb-4 text-lg font-semibold">
                {seasonLabel(t, group.season)}{' '}
                <span className="text-sm font-normal text-fg-muted">
                  {t('allEpisodes.seasonCount', { count: countEpisodes(group.episodes) })}
                </span>
              </h2>
              <EpisodeGrid title={ref} episodes={group.episodes} />
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
