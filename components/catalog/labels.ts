/** Short labels shared by cards, rows, search results and list entries. */
export function episodeCountLabel(count: number): string {
  if (count === 0) return 'Coming soon';
  return count === 1 ? '1 episode' : `${count} episodes`;
}

export const typeLabel = (type: number) => (type === 1 ? 'Movie' : 'Series');

/** Where a watch-history entry stopped: 'Episode {n} of {total}'; episode 0 is the trailer (spec §2). */
export function historyEpisodeLabel(entry: { currentEpisode: number; totalEpisodes: number }): string {
  if (entry.currentEpisode === 0) return 'Trailer';
  return entry.totalEpisodes > 0 ? `Episode ${entry.currentEpisode} of ${entry.totalEpisodes}` : `Episode ${entry.currentEpisode}`;
}
