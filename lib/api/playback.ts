import type { Playback } from '@/lib/contracts/playback';
import { api } from './client';

/**
 * GET api/client/shortVideo/playback: the player's data for the signed-in viewer (the Bearer token names them).
 * Throws on failure; the player turns a 404 into 'Episode not found. Please try again.'.
 */
export async function fetchPlayback(movieSeriesId: string, episodeNumber: number, signal?: AbortSignal): Promise<Playback> {
  const res = await api.get<{ status: boolean; message: string; data: Playback }>('api/client/shortVideo/playback', {
    params: { movieSeriesId, episodeNumber },
    signal,
  });
  return res.data.data;
}
