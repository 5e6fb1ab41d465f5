import { z } from 'zod';

// The messages live in a zod-free module: client components import them there, so zod stays out of the browser (its
// first parse probes `Function('')`, a CSP eval violation).
export { EPISODE_INCOMPLETE, EPISODE_NOT_FOUND } from './playback-messages';

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
