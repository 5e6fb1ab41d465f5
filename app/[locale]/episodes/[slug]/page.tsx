import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import EpisodeView from '@/components/episode/EpisodeView';
import { EpisodePreloads } from '@/components/episode/EpisodePreloads';
import { publicEnv } from '@/lib/env';
import { parseEpisodeSlug } from '@/lib/routes';
import { getDb } from '@/lib/server/db/client';
import { getPlayback } from '@/lib/server/playback';
import { engineUrls } from '@/lib/server/playback/engine';
import { pageStartData, pageStartScript } from '@/player/engine/page-start-script';
import { firstSegments } from './first-segments';
import { PageMessages } from '@/components/layout/PageMessages';
import { enterLocale, type LocaleParams } from '@/i18n/server';

type Props = { params: Promise<LocaleParams & { slug: string }> };

export const metadata: Metadata = { title: { absolute: publicEnv.NEXT_PUBLIC_BRAND_NAME } };

/**
 * Incremental static regeneration, as the movie page: each episode's page is rendered on its first visit, then served
 * from the cache (the page cache in front of Next answers it from memory) and re-rendered in the background at most
 * every 5 minutes, or on the next visit after the studio changed the title (`catalogChanged` of lib/server/cache.ts,
 * which drops the title's episode paths too). Nothing is rendered at build time (no database needed then).
 *
 * So the page is the same for every viewer and every browser. It is rendered for a guest: the server cannot know the
 * viewer (their token lives in local storage), so premium episodes render locked here and a signed-in viewer's own
 * answer (unlocked, coins, likes) comes from the playback API on the client. What depends on the browser is decided
 * in it: the Shaka build (the inline start below) and continue watching (`?continue=1`, read on the client only).
 * Unknown titles or episodes answer 404 (no loading boundary above, so notFound() keeps its status).
 */
export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams(): { slug: string }[] {
  return [];
}

export default async function EpisodePage({ params }: Props) {
  const locale = await enterLocale(params);
  const { slug } = await params;
  const { episodeNumber, id } = parseEpisodeSlug(slug);
  if (episodeNumber === null) notFound();
  const playback = await getPlayback(await getDb(), null, id, episodeNumber);
  if (!playback) notFound();
  const engine = engineUrls();

  // Start the player in parallel with the app, not after it (player/engine/page-start.ts): an inline script at the top
  // of the page picks the Shaka build this browser needs and adds it to the head (preloaded at high priority and an
  // async script, so it runs while the app's own chunks load, which wait to run until the first frame:
  // player/hydration-gate.ts), asks for the licence at once and starts the player on the <video> before hydration
  // (Safari/iOS and continue watching leave the start to the app). The manifest and the first segments (Shaka's
  // fetches — cors, same-origin credentials — reuse them) and the poster are preloaded with the HTML. A locked episode
  // has no media here: none of this, and no manifest anywhere in its HTML.
  // As elements of a client component (EpisodePreloads, hoisted into the head), not react-dom's preload() nor links
  // of this server component: those travel as hints in the RSC payload, read after the app's chunks here and acted on
  // wherever the payload goes (a prefetch).
  const fetches = playback.media ? [playback.media.dashManifest, ...(await firstSegments(playback.media.dashManifest))] : [];
  const boot = playback.media ? pageStartScript(pageStartData(playback.media, engine)) : null;

  return (
    <>
      {boot && <script id="player-boot" dangerouslySetInnerHTML={{ __html: boot }} />}
      <EpisodePreloads engine={boot ? engine.dash : null} fetches={fetches} poster={playback.media?.posterUrl ?? null} />
      <PageMessages locale={locale} route="/episodes/[slug]">
        <EpisodeView key={slug} initial={playback} engine={engine} />
      </PageMessages>
    </>
  );
}
