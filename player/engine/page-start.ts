import type { EngineUrls } from '@/lib/contracts/playback';
import { readToken } from '@/lib/session';
import { BUFFERING, CRITICAL_PATH_CAP_MS, MOBILE_LAYOUT_QUERY, PLAYER_INIT_DELAY_MS } from '../constants';
import { browserShakaFlavour, isAppleWebKit } from '../device';
import { readQuality } from '../quality';
import { isClearKeySetup, type DrmServers } from './config';
import { cannotStart, createPlayer, mimeTypeOf, platformOf, prepareShaka, startSteps, type PlaybackMediaForStart, type Shaka } from './create';
import { openHandoff } from './handoff';
import { requestLicence } from './licence';

/**
 * The episode page's player start, in parallel with the app instead of after it. The server writes it inline at the
 * top of the page (page-start-script.ts: this module bundled at build time, so it runs as soon as the browser parses
 * it, long before React has hydrated). The page is the same for every browser (cached: app/[locale]/episodes/[slug]),
 * so the start first picks the Shaka build this browser needs, as the app's engine loader does (user agent, touch
 * points, the mobile layout), and adds it to the head (preloaded at high priority, async). Safari/iOS (HLS with
 * FairPlay) and continue watching stop there: the app starts those. Otherwise it asks for the ClearKey licence at
 * once and, when the Shaka file has run and the <video> is parsed, creates the player on it, waits out what is left
 * of the spec §9 init delay (counted from here, the player's first render), attaches and loads the first manifest (its
 * segments are preloaded) and plays. On hydration the app's player session adopts that player (handoff.ts) and carries
 * on as if it had made it. Anything unusual (an error) leaves the start to the app.
 *
 * The licence request, the token, the `data:` scheme, the manifest chain, the Shaka configuration and the choice of
 * build are the app's own modules, bundled in: one implementation of each.
 */

export type PageStartData = {
  /** The two Shaka builds: the start adds the one this browser needs. */
  engines: EngineUrls;
  media: PlaybackMediaForStart;
  env: DrmServers;
};

type StartWindow = Window & {
  shaka?: Shaka;
  __kiligHold?: { claim: () => void; release: () => void };
  __kiligCriticalPath?: Promise<void>;
};

/** Adds the Shaka build this browser needs to the head: a high-priority preload and the async script itself. */
function addEngine(engines: EngineUrls): HTMLScriptElement {
  const src = engines[browserShakaFlavour()];
  const preload = document.createElement('link');
  preload.rel = 'preload';
  preload.as = 'script';
  preload.href = src;
  preload.fetchPriority = 'high';
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  document.head.append(preload, script);
  return script;
}

export function runPageStart(d: PageStartData): void {
  const w = window as StartWindow;
  const t0 = performance.now();
  const engine = addEngine(d.engines);
  if (/[?&]continue=1(&|$)/.test(location.search)) return;
  if (isAppleWebKit(navigator.userAgent, navigator.maxTouchPoints)) return;
  // The app's hydration waits for this start's first frame (hydration-gate.ts).
  const hold = w.__kiligHold;
  hold?.claim();
  const { boot, settle } = openHandoff(d.media.videoId);
  let started = () => undefined as void;
  // What is not needed for the first frame (the app's hydration; identity: components/auth/AuthBootstrap.tsx) waits
  // for it, at most a few seconds.
  w.__kiligCriticalPath = new Promise<void>((resolve) => {
    started = () => {
      resolve();
      hold?.release();
    };
    setTimeout(started, CRITICAL_PATH_CAP_MS);
  });
  const fail = (e: unknown) => {
    if (boot.error) return;
    boot.error = e || new Error('boot failed');
    settle('failed');
    started();
  };
  if (isClearKeySetup(d.env)) {
    const licence = new URL(d.media.licenseUrl, location.href).href;
    boot.licences.set(licence, requestLicence(licence, d.media.drmKeyId, readToken()));
  }

  const start = () => {
    if (boot.error) return;
    const shaka = w.shaka;
    const video = document.querySelector<HTMLVideoElement>('video[data-testid="episode-video"]');
    // The script sits above the <video>: an engine that ran first waits for the rest of the page to be parsed.
    if (!video && document.readyState === 'loading') return void document.addEventListener('DOMContentLoaded', start, { once: true });
    if (!shaka || !video) return fail(new Error('no engine or no video'));
    const mobile = matchMedia(MOBILE_LAYOUT_QUERY).matches;
    const platform = platformOf(mobile);
    if (mobile && !('hls' in shaka)) return fail(new Error('the mobile layout needs the full build'));
    prepareShaka(shaka);
    const refused = cannotStart(shaka, mobile);
    if (refused) return fail(refused);
    const player = createPlayer(shaka, (url) => {
      const prefetched = boot.licences.get(url) ?? null;
      boot.licences.delete(url);
      return prefetched;
    });
    boot.player = player;
    boot.video = video;
    boot.mobile = mobile;
    video.addEventListener(
      'playing',
      () => {
        // 'playing' may come before a frame is shown: the first presented frame is what the start waits for.
        if (video.requestVideoFrameCallback) video.requestVideoFrameCallback(() => started());
        else started();
      },
      { once: true },
    );
    // Default buffering goals: the session sets the device's own when it adopts the player. The stored quality (data
    // saver) limits Shaka's ABR before it picks the first variant.
    const [first] = startSteps(d.media, platform, { isMobile: mobile, buffering: BUFFERING.default, env: d.env, quality: readQuality() });
    player.configure({
      ...first.config,
      // A <source> child (Shaka's default) would be a DOM change inside React's <video> before hydration: a mismatch
      // that makes React render the tree again, with a new <video>. The blob URL goes to the src attribute instead.
      mediaSource: { useSourceElements: false },
      // Shaka's default text displayer adds a <track> per subtitle language to the <video> once the manifest is in:
      // the same kind of mismatch when hydration comes after the load (React error #418). No text display until the
      // session adopts the player and sets the default one. (Shaka awaits destroy() of the displayer it replaces.)
      textDisplayFactory: () => {
        const quiet = new shaka.text.StubTextDisplayer();
        quiet.destroy = () => Promise.resolve();
        return quiet;
      },
    });
    const left = Math.max(0, (mobile ? PLAYER_INIT_DELAY_MS.mobile : PLAYER_INIT_DELAY_MS.desktop) - (performance.now() - t0));
    setTimeout(() => {
      if (boot.error) return;
      video.autoplay = true;
      player
        .attach(video)
        .then(() => {
          performance.mark('player:load');
          return player.load(first.url, null, mimeTypeOf(first.url) ?? undefined);
        })
        .then(() => {
          boot.play = video.play();
          boot.play.catch(() => undefined);
          settle('loaded');
        }, fail);
    }, left);
  };

  if (w.shaka) return start();
  engine.addEventListener('load', start);
  engine.addEventListener('error', () => fail(new Error('the engine did not load')));
}
