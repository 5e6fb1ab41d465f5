'use client';

import { DESKTOP_LAYOUT_QUERY } from '@/player/constants';

type Props = {
  /** The desktop (DASH-only) Shaka build, or null on a page the inline start does not run on. */
  engine: string | null;
  /** The manifest and first segments the inline start's player asks for first. */
  fetches: string[];
  /** The video's poster, its first paint. */
  poster: string | null;
};

/**
 * What the episode page's player needs first, fetched with the HTML: hoisted into the head of the server's HTML. A
 * client component, so the page's RSC payload carries none of it: links a server component renders travel as preload
 * hints, which the browser acts on as soon as the payload arrives, also when another page only prefetched the episode
 * page (home then fetched the media of every episode it links to). The desktop build only on a desktop layout (the
 * inline start picks the build and adds its script; the engine comes last otherwise, as the start waits for the
 * stylesheets). Shaka's fetches (cors, same-origin credentials) reuse the media preloads.
 */
export function EpisodePreloads({ engine, fetches, poster }: Props) {
  return (
    <>
      {engine && <link rel="preload" as="script" href={engine} media={DESKTOP_LAYOUT_QUERY} fetchPriority="high" />}
      {fetches.map((href) => (
        <link key={href} rel="preload" as="fetch" href={href} crossOrigin="anonymous" fetchPriority="high" />
      ))}
      {poster && <link rel="preload" as="image" href={poster} fetchPriority="high" />}
    </>
  );
}
