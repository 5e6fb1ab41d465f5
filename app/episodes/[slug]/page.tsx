import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { preload } from 'react-dom';
import { publicEnv } from '@/lib/env';
import { parseEpisodeSlug } from '@/lib/routes';
import { getDb } from '@/lib/server/db/client';
import { getPlayback } from '@/lib/server/playback';
import { engineUrls } from '@/lib/server/playback/engine';
import { shakaFlavourFor } from '@/player/device';
import EpisodeView from '@/player/EpisodeView';

type Props = { params: Promise<{ slug: string }> };

export const metadata: Metadata = { title: { absolute: publicEnv.NEXT_PUBLIC_BRAND_NAME } };

/**
 * The player page, rendered for a guest: the server cannot know the viewer (their token lives in local storage), so
 * premium episodes render locked here and a signed-in viewer's own answer comes from the playback API on the client.
 * Unknown titles or episodes answer 404 (no loading boundary above, so notFound() keeps its status).
 */
export default async function EpisodePage({ params }: Props) {
  await connection();
  const { slug } = await params;
  const { episodeNumber, id } = parseEpisodeSlug(slug);
  if (episodeNumber === null) notFound();
  const playback = await getPlayback(await getDb(), null, id, episodeNumber);
  if (!playback) notFound();
  const engine = engineUrls();

  // Start what the player needs with the HTML, not after hydration: the engine (an async script, so it is parsed and
  // run while the app's own chunks load; the build this browser will ask for), the manifest (Shaka's fetch — cors,
  // same-origin credentials — reuses it) and the poster.
  const engineScript = playback.media ? engine[shakaFlavourFor((await headers()).get('user-agent') ?? '', 0, false)] : null;
  if (playback.media) {
    preload(playback.media.dashManifest, { as: 'fetch', crossOrigin: 'anonymous' });
    preload(playback.media.posterUrl, { as: 'image', fetchPriority: 'high' });
  }

  return (
    <>
      {engineScript && <script async src={engineScript} />}
      <EpisodeView key={slug} initial={playback} engine={engine} />
    </>
  );
}
