import Link from 'next/link';
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
  const count = countEpisodes(title.episodes);
  const ref = { _id: title._id, name: title.name };
  const { loose, groups } = groupBySeason(title.episodes, title.seasons);

  return (
    <div className={`${containerClass} py-6 md:py-10`}>
      <Breadcrumb
        items={[{ label: 'Home', href: homeHref() }, { label: title.name, href: movieHref(title) }, { label: 'All episodes' }]}
      />
      <div className="mb-8 mt-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-kilig-300">All episodes</p>
          <h1 className="mt-2 font-display text-3xl font-bold tracking-tight md:text-4xl">{title.name}</h1>
          <p className="mt-2 text-fg-muted">{count === 1 ? '1 episode' : `${count} episodes`}</p>
        </div>
        <Link href={movieHref(title)} className={buttonClass('secondary', 'sm')}>
          <ChevronLeftIcon size={16} /> Back to details
        </Link>
      </div>

      {title.episodes.length === 0 ? (
        <EmptyState title="No Episodes Yet" icon={<FilmIcon size={26} />}>
          Coming Soon. This title has no episodes available yet.
        </EmptyState>
      ) : (
        <div className="space-y-10">
          {loose.length > 0 ? (
            // The tiles' names are level-3 headings: episodes outside a season get a level-2 heading above them, as
            // seasons do, so no level is skipped after the page's h1.
            <section aria-labelledby="episodes-heading">
              <h2 id="episodes-heading" className="sr-only">
                Episodes
              </h2>
              <EpisodeGrid title={ref} episodes={loose} />
            </section>
          ) : null}
          {groups.map((group) => (
            <section key={group.season.seasonNumber} aria-labelledby={`season-${group.season.seasonNumber}`}>
              <h2 id={`season-${group.season.seasonNumber}`} className="mb-4 text-lg font-semibold">
                {seasonLabel(group.season)}{' '}
                <span className="text-sm font-normal text-fg-muted">
                  ({countEpisodes(group.episodes)} {countEpisodes(group.episodes) === 1 ? 'episode' : 'episodes'})
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
