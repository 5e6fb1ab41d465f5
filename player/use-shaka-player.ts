'use client';

import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type shaka from 'shaka-player';
import type { PlaybackMedia } from '@/lib/contracts/playback';
import { readRaw, STORAGE_KEYS } from '@/lib/storage';
import { PLAYER_INIT_DELAY_MS, TEXT_TRACK_CHECK_MS } from './constants';
import { bufferingFor, isAppleWebKit, readEnvironment } from './device';
import { bootIsStarting, takeBootedPlayer, type BootedStart } from './boot';
import { prefetchLicence, takePrefetchedLicence } from './clearkey-prefetch';
import { checkFairPlayCertificate } from './fairplay';
import { loadShaka, type EngineUrls, type Shaka } from './load-shaka';
import { absoluteUrl, isPlayableManifestUrl, manifestChain, type Platform } from './manifest-chain';
import { mobileRetryDelay } from './retry';
import { DRM_ENV, isClearKeySetup, mergeInto, playerConfig } from './shaka-config';

export type PlayerPhase = 'idle' | 'preparing' | 'loading' | 'ready' | 'needs-gesture' | 'error';

type Player = shaka.Player;
type PreloadManager = shaka.media.PreloadManager;
type ShakaError = { category?: number; code?: number; severity?: number; message?: string };

const CLEAR_KEY = isClearKeySetup(DRM_ENV);
/** After the current episode starts playing, wait this long before preloading the next: start-up comes first. */
const PRELOAD_AFTER_PLAYING_MS = 300;

const CRITICAL = 2;
/** shaka.util.Error.Code.LOAD_INTERRUPTED / OBJECT_DESTROYED: our own cancellations, not failures. */
const CANCELLED_CODES = new Set([7000, 7003]);

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** When each video's player was first rendered: the init delay (spec §9) counts from there. */
const firstRenderedAt = new Map<string, number>();

/** What is left of the spec §9 player init delay (200 ms mobile, 50 ms desktop), counted from the first render. */
function initDelayLeft(isMobile: boolean, videoId: string | undefined): number {
  const delay = isMobile ? PLAYER_INIT_DELAY_MS.mobile : PLAYER_INIT_DELAY_MS.desktop;
  const since = videoId && firstRenderedAt.has(videoId) ? performance.now() - firstRenderedAt.get(videoId)! : 0;
  return Math.max(0, delay - since);
}

const mimeTypeOf = (url: string) => (/\.mpd(\?|$)/i.test(url) ? 'application/dash+xml' : /\.m3u8(\?|$)/i.test(url) ? 'application/x-mpegurl' : null);

function platformOf(isMobile: boolean): Platform {
  const nav = typeof navigator === 'undefined' ? null : navigator;
  if (nav && isAppleWebKit(nav.userAgent, nav.maxTouchPoints)) return 'apple';
  return isMobile ? 'mobile' : 'desktop';
}

/**
 * The licence and HLS-key endpoints are ours and entitlement-checked: they get the viewer's Bearer token. A licence
 * this page prefetched (clearkey-prefetch.ts) answers Shaka's request instead, as a `data:` URI.
 */
function addLicenceRequestFilter(s: Shaka, player: Player) {
  const { LICENSE, KEY } = s.net.NetworkingEngine.RequestType;
  const addBearer = (request: shaka.extern.Request) => {
    const token = readRaw(STORAGE_KEYS.token);
    if (token && token !== 'undefined' && token !== 'null') request.headers['Authorization'] = `Bearer ${token}`;
  };
  player.getNetworkingEngine()?.registerRequestFilter((type, request) => {
    if (type !== LICENSE && type !== KEY) return;
    const url = request.uris[0];
    if (!url || new URL(url, window.location.href).origin !== window.location.origin) return;
    const prefetched = type === LICENSE ? takePrefetchedLicence(url) : null;
    if (!prefetched) return addBearer(request);
    return prefetched.then((licence) => (licence ? void (request.uris = [licence]) : addBearer(request)));
  });
}

/**
 * Preloads a video into `player` (Shaka's preload manager: manifest, licence, first segments) for a later
 * `player.load(manager)`; null when it cannot be preloaded, and the load then starts from the manifest URL.
 */
function preloadInto(player: Player, media: PlaybackMedia, startTime: number | null, isMobile: boolean): Promise<PreloadManager | null> {
  const [first] = manifestChain(media, platformOf(isMobile));
  if (!first) return Promise.resolve(null);
  const url = absoluteUrl(first.url, window.location.href);
  const config = mergeInto(
    player.getConfiguration(),
    playerConfig({ media, drm: first.drm, isMobile, buffering: bufferingFor(readEnvironment()), env: DRM_ENV, origin: window.location.origin }),
  );
  // Throwing (not an 'error' event, which would show the error panel) where Shaka cannot preload (native HLS): the
  // load then simply starts from the manifest URL.
  return player.preload(url, startTime, mimeTypeOf(url), config, true).catch((err: unknown) => {
    console.info('preload failed', err);
    return null;
  });
}

/**
 * Starts what a player will need (the Shaka chunk, the ClearKey licence of the video it starts with) while the page is
 * still hydrating, instead of after it: cache warms, safe to call during render. Browser only.
 */
function warmUp(media: PlaybackMedia | null, engine?: EngineUrls): void {
  if (typeof window === 'undefined') return;
  if (media && !firstRenderedAt.has(media.videoId)) firstRenderedAt.set(media.videoId, performance.now());
  void loadShaka(engine).catch(() => undefined);
  // The page's inline start asked for this licence already and hands it to its own player.
  if (media && CLEAR_KEY && !bootIsStarting(media.videoId)) prefetchLicence(media);
}

export type ShakaPlayerOptions = {
  videoRef: RefObject<HTMLVideoElement | null>;
  /** Where the engine builds are (the page preloads the one this browser needs); none: the bundled build. */
  engine?: EngineUrls;
  /** The video to play; null plays nothing. A new videoId loads a new source into the same player. */
  media: PlaybackMedia | null;
  /** Start position in seconds (continue watching); null starts at the beginning. */
  startTime: number | null;
  /** Null while the layout is not known yet: the player waits. */
  isMobile: boolean | null;
  /** Preloaded once the current video is ready, so 'next' starts at once. */
  preload: PlaybackMedia | null;
  autoPlay: boolean;
};

export type ShakaPlayerState = {
  phase: PlayerPhase;
  /** Id of the video that is loaded and ready (null while loading or after an error). */
  readyFor: string | null;
  /** The manifest has text tracks (checked 1 s after load). */
  hasTextTracks: boolean;
  subtitlesOn: boolean;
  setSubtitlesOn: (on: boolean) => void;
  /** Plays after the 'Click to start playing' gesture. */
  startFromGesture: () => void;
  /**
   * Starts the preloaded `media` right away, from the event handler that moves on to it (previous/next, the end card,
   * a swipe), instead of after the re-render that follows; false when it is not preloaded (the render loads it).
   */
  switchTo: (media: PlaybackMedia) => boolean;
};

/**
 * Shaka Player for one <video>: created once (polyfills → isBrowserSupported → attach), each source loaded through
 * the manifest fallback chain with per-video DRM settings, the next video preloaded, mobile retries by error
 * category, and everything (listeners, timers, preloads, the player) released on unmount.
 */
export function useShakaPlayer({ videoRef, engine, media, startTime, isMobile, preload, autoPlay }: ShakaPlayerOptions): ShakaPlayerState {
  // While hydrating, before any effect runs; once: later videos are preloaded by the player itself, licence included.
  const warmed = useRef<true | null>(null);
  if (warmed.current === null) {
    warmed.current = true;
    warmUp(media, engine);
  }
  const [phase, setPhase] = useState<PlayerPhase>('preparing');
  const [player, setPlayer] = useState<Player | null>(null);
  const [attempt, setAttempt] = useState(0);
  const attemptRef = useRef(attempt);
  const [hasTextTracks, setHasTextTracks] = useState(false);
  const [subtitlesOn, setSubtitlesOnState] = useState(true);
  /** The current video has started playing (the next one is preloaded only then). */
  const [started, setStarted] = useState<string | null>(null);
  /** The video the 'ready' phase belongs to: right after a switch, 'ready' still describes the previous one. */
  const [readyFor, setReadyFor] = useState<string | null>(null);

  const shakaRef = useRef<Shaka | null>(null);
  const phaseRef = useRef(phase);
  const subtitlesRef = useRef(subtitlesOn);
  const isMobileRef = useRef(isMobile);
  const preloads = useRef(new Map<string, Promise<PreloadManager | null>>());
  const retries = useRef(new Map<number, number>());
  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const startTimeRef = useRef(startTime);
  const autoPlayRef = useRef(autoPlay);
  const engineRef = useRef(engine);
  const firstTextTrack = useRef<shaka.extern.TextTrack | null>(null);

  useEffect(() => {
    attemptRef.current = attempt;
    phaseRef.current = phase;
    isMobileRef.current = isMobile;
    startTimeRef.current = startTime;
    autoPlayRef.current = autoPlay;
  });

  const fail = useCallback((source: 'shaka' | 'video', code: number, detail: unknown) => {
    console.warn('video playback error', detail);
    const category = source === 'video' ? -code : code;
    const delay = mobileRetryDelay({
      isMobile: isMobileRef.current === true,
      isReady: phaseRef.current === 'ready',
      source,
      code,
      attemptsSoFar: retries.current.get(category) ?? 0,
    });
    setPhase('error');
    if (delay !== null) {
      retries.current.set(category, (retries.current.get(category) ?? 0) + 1);
      if (retryTimer.current) clearTimeout(retryTimer.current);
      retryTimer.current = setTimeout(() => setAttempt((n) => n + 1), delay);
    }
  }, []);

  // 2. Load a video: fallback chain, per-video DRM settings, a preloaded manager when there is one. A newer load (or
  //    unmounting) makes an older one stale: every step after an await checks that it is still the latest.
  const mediaRef = useRef(media);
  useEffect(() => {
    mediaRef.current = media;
  });
  const loadSeq = useRef(0);
  const loadedKey = useRef<string | null>(null);
  const textTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const playingListener = useRef<(() => void) | null>(null);

  /** A new load of `current` begins: older ones are stale from here; returns the check for this one. */
  const begin = useCallback((video: HTMLVideoElement, current: PlaybackMedia, key: string) => {
    loadedKey.current = key;
    const seq = ++loadSeq.current;
    const stale = () => seq !== loadSeq.current;
    if (textTimer.current) clearTimeout(textTimer.current);
    if (playingListener.current) video.removeEventListener('playing', playingListener.current);
    setPhase('loading');
    setReadyFor(null);
    setHasTextTracks(false);
    firstTextTrack.current = null;
    const onPlaying = () => {
      if (!stale()) setStarted(current.videoId);
    };
    playingListener.current = onPlaying;
    video.addEventListener('playing', onPlaying, { once: true });
    return { stale, videoId: current.videoId };
  }, []);

  /** The video is loaded: ready, subtitles checked after 1 s, and the autoplay's outcome (`played`, if any). */
  const loaded = useCallback((player: Player, videoId: string, stale: () => boolean, played: Promise<void> | null) => {
    retries.current.clear();
    setPhase('ready');
    setReadyFor(videoId);
    textTimer.current = setTimeout(() => {
      if (stale()) return;
      const tracks = player.getTextTracks();
      if (tracks.length === 0) return;
      // Shaka 5 shows a text track by selecting it and hides it by selecting none.
      firstTextTrack.current = tracks[0];
      player.selectTextTrack(subtitlesRef.current ? tracks[0] : null);
      setHasTextTracks(true);
    }, TEXT_TRACK_CHECK_MS);
    played?.catch((err: unknown) => {
      if (stale()) return;
      if (err instanceof DOMException && err.name === 'NotAllowedError') setPhase('needs-gesture');
    });
  }, []);

  const startLoad = useCallback(
    (player: Player, current: PlaybackMedia, key: string) => {
      const video = videoRef.current;
      if (!video) return;
      const { stale } = begin(video, current, key);
      const mobile = isMobileRef.current === true;
      const platform = platformOf(mobile);
      const chain = manifestChain(current, platform).map((a) => ({ ...a, url: absoluteUrl(a.url, window.location.href) }));
      const buffering = bufferingFor(readEnvironment());

      (async () => {
        if (chain.length === 0 || !chain.every((a) => isPlayableManifestUrl(a.url))) {
          fail('shaka', 4, new Error('The manifest URL must begin with http or //.')); // 4: Shaka's MANIFEST category
          return;
        }
        if (mobile) {
          // Spec §7: a HEAD on the manifest as an accessibility check; the result is only logged.
          void fetch(chain[0].url, { method: 'HEAD' }).then(
            (r) => console.info('manifest check', r.status),
            (e) => console.info('manifest check failed', e instanceof Error ? e.message : e),
          );
        }
        performance.mark('player:load');
        // Plays as soon as the element has enough data, not one promise later (the explicit play() below then only
        // reports a refusal: 'Click to start playing').
        video.autoplay = autoPlayRef.current;
        const pending = preloads.current.get(current.videoId);
        preloads.current.delete(current.videoId);
        let lastError: unknown = null;
        for (let i = 0; i < chain.length; i++) {
          const step = chain[i];
          try {
            const manager = i === 0 && pending ? await pending : null;
            if (stale()) {
              void manager?.destroy();
              return;
            }
            if (manager) {
              // A preloaded source brings its own configuration: configuring the player first would only make it
              // re-evaluate (tracks, buffers) the content this load is about to unload.
              try {
                await player.load(manager);
                lastError = null;
                break;
              } catch (err) {
                if (stale()) return;
                console.warn('preloaded source failed; loading again', err);
              }
            }
            player.resetConfiguration();
            player.configure(
              playerConfig({ media: current, drm: step.drm, isMobile: mobile, buffering, env: DRM_ENV, origin: window.location.origin }),
            );
            await player.load(step.url, startTimeRef.current, mimeTypeOf(step.url));
            lastError = null;
            break;
          } catch (err) {
            if (stale()) return;
            lastError = err;
            console.warn(`manifest ${i + 1}/${chain.length} failed`, err);
          }
        }
        if (stale()) return;
        if (lastError) {
          const e = lastError as ShakaError;
          if (!CANCELLED_CODES.has(e.code ?? 0)) fail('shaka', e.category ?? 0, lastError);
          return;
        }
        performance.mark('player:loaded');
        loaded(player, current.videoId, stale, autoPlayRef.current ? video.play() : null);
      })();
    },
    [videoRef, fail, begin, loaded],
  );
  const startLoadRef = useRef(startLoad);
  useEffect(() => {
    startLoadRef.current = startLoad;
  });

  // 1. Create the player once the layout is known: Shaka imported here, in the browser, never on the server.
  const layoutKnown = isMobile !== null;
  useEffect(() => {
    const video = videoRef.current;
    if (!layoutKnown || !video) return;
    let cancelled = false;
    let created: Player | null = null;
    const onVideoError = () => {
      const code = video.error?.code ?? 0;
      if (code) fail('video', code, video.error);
    };
    const onShakaError = (event: Event) => {
      const detail = (event as unknown as { detail?: ShakaError }).detail;
      if (!detail || detail.severity !== CRITICAL || CANCELLED_CODES.has(detail.code ?? 0)) return;
      fail('shaka', detail.category ?? 0, detail);
    };
    const preloadMap = preloads.current;

    /**
     * The page's inline start (boot-script.ts) made a player on this <video> before hydration: take it over where it
     * is (usually loaded and playing already). False when there was none or it failed: the app starts the video.
     */
    const adopt = async (s: Shaka, boot: BootedStart, first: PlaybackMedia): Promise<boolean> => {
      const player = boot.player!;
      created = player;
      const { stale } = begin(video, first, `${first.videoId}#${attemptRef.current}`);
      if (!video.paused && video.readyState >= 3) setStarted(first.videoId);
      if ((await boot.done) !== 'loaded' || cancelled || stale()) {
        if (cancelled || stale()) return true;
        console.info('the page start failed; starting again', boot.error);
        created = null;
        void player.destroy();
        return false;
      }
      addLicenceRequestFilter(s, player);
      const { bufferingGoal, rebufferingGoal, bufferBehind } = bufferingFor(readEnvironment());
      // The page's start showed no subtitles (its <track> elements would have broken hydration): now that React owns
      // the <video>, the displayer Shaka uses by default without a UI container (native text tracks) takes over.
      player.configure({ streaming: { bufferingGoal, rebufferingGoal, bufferBehind }, textDisplayFactory: (p: Player) => new s.text.NativeTextDisplayer(p) });
      player.addEventListener('error', onShakaError);
      video.addEventListener('error', onVideoError);
      setPlayer(player);
      loaded(player, first.videoId, stale, autoPlayRef.current ? boot.play : null);
      return true;
    };

    (async () => {
      try {
        const s = await loadShaka(engineRef.current);
        if (cancelled) return;
        const booted = mediaRef.current ? takeBootedPlayer(video, mediaRef.current.videoId, isMobileRef.current === true) : null;
        if (booted && (await adopt(s, booted, mediaRef.current!))) return;
        if (cancelled) return;
        if (!s.Player.isBrowserSupported()) throw new Error('This browser cannot play DRM-protected video.');
        if (isMobileRef.current && navigator.onLine === false) throw new Error('The device is offline.');
        shakaRef.current = s;
        // Marks for the start-up breakdown `npm run bench:player` prints (cheap, harmless in production).
        performance.mark('player:create');
        created = new s.Player();
        addLicenceRequestFilter(s, created);
        // The init delay holds back the player's start on the <video>, not the download: while it runs, the first
        // video preloads (manifest, licence, first segments) and then loads from there. With no delay left, a direct
        // load is quicker (it sets up the media pipeline while the segments download).
        const first = mediaRef.current;
        const delay = initDelayLeft(isMobileRef.current === true, first?.videoId);
        if (first && delay > 0) preloadMap.set(first.videoId, preloadInto(created, first, startTimeRef.current, isMobileRef.current === true));
        await sleep(delay);
        if (cancelled) return;
        await created.attach(video);
        if (cancelled) return;
        created.addEventListener('error', onShakaError);
        video.addEventListener('error', onVideoError);
        if (platformOf(isMobileRef.current === true) === 'apple' && DRM_ENV.fairplay) void checkFairPlayCertificate();
        setPlayer(created);
        // Load at once rather than after the re-render setPlayer causes: one scheduling round less before the first frame.
        if (first) startLoadRef.current(created, first, `${first.videoId}#${attemptRef.current}`);
      } catch (err) {
        if (!cancelled) fail('shaka', 0, err);
      }
    })();

    return () => {
      cancelled = true;
      loadSeq.current += 1;
      loadedKey.current = null;
      if (textTimer.current) clearTimeout(textTimer.current);
      if (playingListener.current) video.removeEventListener('playing', playingListener.current);
      video.removeEventListener('error', onVideoError);
      if (retryTimer.current) clearTimeout(retryTimer.current);
      for (const p of preloadMap.values()) void p.then((m) => m?.destroy()).catch(() => undefined);
      preloadMap.clear();
      if (created) {
        created.removeEventListener('error', onShakaError);
        void created.destroy();
      }
      setPlayer(null);
    };
  }, [layoutKnown, videoRef, fail, begin, loaded]);

  // A new video, or a retry: load it (the first one is started by the player's creation itself, without a render).
  const videoId = media?.videoId ?? null;
  useEffect(() => {
    const current = mediaRef.current;
    if (!player || !current || current.videoId !== videoId) return;
    const key = `${videoId}#${attempt}`;
    if (loadedKey.current === key) return;
    startLoad(player, current, key);
  }, [player, videoId, attempt, startLoad]);

  // 3. Preload the next video once this one plays (Shaka's preload manager: manifest, licence, first segments).
  const preloadId = preload?.videoId ?? null;
  const preloadRef = useRef(preload);
  useEffect(() => {
    preloadRef.current = preload;
  });
  const playing = started !== null && started === videoId;
  useEffect(() => {
    const next = preloadRef.current;
    if (!player || !playing || !next || next.videoId !== preloadId) return;
    const map = preloads.current;
    for (const [id, p] of map) {
      if (id === next.videoId) continue;
      map.delete(id);
      void p.then((m) => m?.destroy()).catch(() => undefined);
    }
    if (map.has(next.videoId)) return;
    const timer = setTimeout(() => {
      map.set(next.videoId, preloadInto(player, next, null, isMobileRef.current === true));
    }, PRELOAD_AFTER_PLAYING_MS);
    return () => clearTimeout(timer);
  }, [player, playing, preloadId]);

  const setSubtitlesOn = useCallback(
    (on: boolean) => {
      subtitlesRef.current = on;
      setSubtitlesOnState(on);
      if (firstTextTrack.current) player?.selectTextTrack(on ? firstTextTrack.current : null);
    },
    [player],
  );

  const startFromGesture = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    setPhase('ready');
    video.play().catch(() => setPhase('needs-gesture'));
  }, [videoRef]);

  const switchTo = useCallback(
    (next: PlaybackMedia) => {
      if (!player || !preloads.current.has(next.videoId)) return false;
      mediaRef.current = next;
      startTimeRef.current = null;
      startLoad(player, next, `${next.videoId}#${attemptRef.current}`);
      return true;
    },
    [player, startLoad],
  );

  return { phase, readyFor, hasTextTracks, subtitlesOn, setSubtitlesOn, startFromGesture, switchTo };
}
