import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import EpisodeView from '@/components/episode/EpisodeView';
import { publicEnv } from '@/lib/env';
import { parseEpisodeSlug } from '@/lib/routes';
import { getDb } from '@/lib/server/db/client';
import { getPlayback } from '@/lib/server/playback';
import { engineUrls } from '@/lib/server/playback/engine';
import { isAppleWebKit, shakaFlavourFor } from '@/player/device';
import { pageStartData, pageStartScript } from '@/player/engine/page-start-script';
import { firstSegments } from './first-segments';
import { enterLocale, type LocaleParams } from '@/i18n/server';

type Props = { params: Promise<LocaleParams & { slug: string }> };

export const metadata: Metadata = { title: { absolute: publicEnv.NEXT_PUBLIC_BRAND_NAME } };

/**
 * The player page, rendered for a guest: the server cannot know the viewer (their token lives in local storage), so
 * premium episodes render locked here and a signed-in viewer's own answer comes from the playback API on the client.
 * Unknown titles or episodes answer 404 (no loading boundary above, so notFound() keeps its status).
 */
export default async function EpisodePage({ params }: Props) {
  await enterLocale(params);
  await connection();
  const { slug } = await params;
  const { episodeNumber, id } = parseEpisodeSlug(slug);
  if (episodeNumber === null) notFound();
  const playback = await getPlayback(await getDb(), null, id, episodeNumber);
  if (!playback) notFound();
  const engine = engineUrls();

  // Start the player in parallel with the app, not after it (player/engine/page-start.ts): the engine (preloaded at high
  // priority and an async script, so it runs while the app's own chunks load, which wait to run until the first
  // frame: player/hydration-gate.ts; the build this browser will ask for. Not fetchPriority on the script itself:
  // Lighthouse then counts the engine as holding up the first paint),
  // the manifest and the first segments (Shaka's fetches — cors, same-origin credentials — reuse them), the poster,
  // and an inline script beside the <video> that asks for the licence at once and starts the player before
  // hydration. A locked episode has no media here: none of this, and no manifest anywhere in its HTML.
  // Safari/iOS start from HLS with FairPlay: the app's own start handles that chain.
  const userAgent = (await headers()).get('user-agent') ?? '';
  const engineScript = playback.media ? engine[shakaFlavourFor(userAgent, 0, false)] : null;
  // As elements (hoisted into the head with the engine's script), not react-dom's preload(): its hints reach only the
  // RSC payload at the end of the document here, which the browser reads after the app's chunks.
  const fetches = playback.media ? [playback.media.dashManifest, ...(await firstSegments(playback.media.dashManifest))] : [];
  const boot = playback.media && engineScript && !isAppleWebKit(userAgent) ? pageStartScript(pageStartData(playback.media, engineScript)) : null;

  return (
    <>
      {engineScript && <link rel="preload" as="script" href={engineScript} fetchPriority="high" />}
      {engineScript && <script async src={engineScript} />}
      {fetches.map((href) => (
        <link key={href} rel="preload" as="fetch" href={href} crossOrigin="anonymous" fetchPriority="high" />
      ))}
      {playback.media && <link rel="preload" as="image" href={playback.media.posterUrl} fetchPriority="high" />}
      <EpisodeView key={slug} initial={playback} engine={engine} />
      {boot && <script id="player-boot" dangerouslySetInnerHTML={{ __html: boot }} />}
    </>
  );
}
