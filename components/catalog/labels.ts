import type { useTranslations } from 'next-intl';

/** The common namespace's translator (useTranslations('common') or getTranslations('common')). */
export type CommonT = ReturnType<typeof useTranslations<'common'>>;

/** Short labels shared by cards, rows, search results and list entries, in the page's language. */
export const episodeCountLabel = (t: CommonT, count: number) => t('episodeCount', { count });

export const typeLabel = (t: CommonT, type: number) => t(type === 1 ? 'type.movie' : 'type.series');

/** Where a watch-history entry stopped: 'Episode {n} of {total}'; episode 0 is the trailer (spec §2). */
export function historyEpisodeLabel(t: CommonT, entry: { currentEpisode: number; totalEpisodes: number }): string {
  if (entry.currentEpisode === 0) return t('trailer');
  return entry.totalEpisodes > 0
    ? t('episodeOf', { number: entry.currentEpisode, total: entry.totalEpisodes })
    : t('episode', { number: entry.currentEpisode });
}
