import type { useTranslations } from 'next-intl';
import type { Episode, Season } from '@/lib/contracts/catalog';
import type { CommonT } from '@/components/catalog/labels';

type MovieT = ReturnType<typeof useTranslations<'movie'>>;

/** Tile title (spec §2): 'Trailer' for episode 0, else the episode's title or 'Episode {n}'. */
export function episodeTitle(t: CommonT, ep: Pick<Episode, 'episodeNumber' | 'title'>): string {
  if (ep.episodeNumber === 0) return t('trailer');
  return ep.title?.trim() || t('episode', { number: ep.episodeNumber });
}

/** 'Season {n}' or 'Season {n}: {title}'. */
export function seasonLabel(t: MovieT, season: Season): string {
  return season.title ? t('seasonTitled', { number: season.seasonNumber, title: season.title }) : t('season', { number: season.seasonNumber });
}

/** Episodes excluding the trailer (episode 0 is not counted). */
export const countEpisodes = (episodes: Pick<Episode, 'episodeNumber'>[]) =>
  episodes.filter((e) => e.episodeNumber > 0).length;

export type SeasonGroup = { season: Season; episodes: Episode[] };

/** Splits a series' episodes into the ones outside any season (the trailer) and one group per season. */
export function groupBySeason(episodes: Episode[], seasons: Season[]): { loose: Episode[]; groups: SeasonGroup[] } {
  const loose = episodes.filter((e) => !e.season);
  const groups = seasons
    .map((season) => ({
      season,
      episodes: episodes.filter((e) => e.season?.seasonNumber === season.seasonNumber),
    }))
    .filter((g) => g.episodes.length > 0);
  return { loose, groups };
}
