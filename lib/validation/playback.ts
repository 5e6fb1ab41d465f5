import { z } from 'zod';

/** Episode-open errors (spec §5), shown by the episode page and the player, answered by the playback endpoint. */
export const EPISODE_NOT_FOUND = 'Episode not found. Please try again.';
export const EPISODE_INCOMPLETE = 'Episode information is incomplete. Please try again.';

/** Query of GET api/client/shortVideo/playback. Strings here; the episode number is checked by the handler. */
export const playbackQuerySchema = z.object({
  movieSeriesId: z.string().max(64).optional(),
  episodeNumber: z.string().max(12).optional(),
  userId: z.string().max(64).optional(),
});

/** "3" → 3; anything that is not a whole number ≥ 0 → null (episode information is incomplete). */
export function parseEpisodeNumber(raw: string | number | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  const s = String(raw).trim();
  if (!/^\d{1,9}$/.test(s)) return null;
  return Number(s);
}
