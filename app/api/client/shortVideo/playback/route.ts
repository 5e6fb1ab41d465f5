import { NextResponse } from 'next/server';
import { getDb } from '@/lib/server/db/client';
import { AppError } from '@/lib/server/http/app-error';
import { route } from '@/lib/server/http/handler';
import { getPlayback } from '@/lib/server/playback';
import { toViewer } from '@/lib/server/users';
import { EPISODE_INCOMPLETE, EPISODE_NOT_FOUND, parseEpisodeNumber, playbackQuerySchema } from '@/lib/contracts/playback';

export const dynamic = 'force-dynamic';

/**
 * GET api/client/shortVideo/playback?movieSeriesId=&episodeNumber= : the player's data for this viewer (the user
 * comes from the Bearer token; guests get the guest answer). `isLocked` from the one entitlement rule; manifests,
 * license URL and key id only when watchable.
 */
export const GET = route({ query: playbackQuerySchema, auth: 'optional' }, async ({ query, user }) => {
  const episodeNumber = parseEpisodeNumber(query.episodeNumber);
  if (!query.movieSeriesId || episodeNumber === null) throw new AppError('E_VALIDATION', EPISODE_INCOMPLETE);
  const playback = await getPlayback(await getDb(), user ? toViewer(user) : null, query.movieSeriesId, episodeNumber);
  if (!playback) throw new AppError('E_NOT_FOUND', EPISODE_NOT_FOUND);
  return NextResponse.json({ status: true, message: 'Playback', data: playback }, { headers: { 'cache-control': 'private, no-store' } });
});
