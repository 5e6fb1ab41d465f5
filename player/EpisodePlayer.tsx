'use client';

import clsx from 'clsx';
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import type { PlaybackMedia } from '@/lib/contracts/playback';
import type { WatchProgress } from '@/lib/watch-history';
import { InfoOverlay, type EpisodeInfo } from './controls/InfoOverlay';
import type { KeyAction } from './controls/keys';
import { PlayerControls } from './controls/PlayerControls';
import { usePlayerKeys } from './controls/use-player-keys';
import { PlaybackErrorPanel } from './PlaybackErrorPanel';
import { MOBILE_PAUSED_OVERLAY_MS, SEEK_RECOVERY_TIMEOUT_MS, SKIP_INDICATOR_MS, SKIP_SECONDS } from './constants';
import { skipTarget, type SkipDirection } from './skip';
import type { EngineUrls } from './load-shaka';
import { useShakaPlayer } from './use-shaka-player';
import { isPlaying, useVideoState } from './use-video-state';
import { useWatchHistory } from './use-watch-history';
import { useWatchSession } from './use-watch-session';

export type PlayerVariant = 'episode' | 'trailer';

/** What the episode view may ask of the player directly (see useShakaPlayer's switchTo). */
export type PlayerController = { switchTo: (media: PlaybackMedia) => boolean };

type Props = {
  media: PlaybackMedia;
  /** The Shaka builds the page preloaded (lib/server/playback/engine.ts); without, the bundled build is imported. */
  engine?: EngineUrls;
  variant: PlayerVariant;
  /** Null while hydrating: the player waits until the layout is known. */
  isMobile: boolean | null;
  /** Accessible name of the video, e.g. 'Lihim ng Bilyonaryo – Ang Alok'. */
  label: string;
  info: EpisodeInfo;
  /** The next episode's media, preloaded once this one is ready. */
  preload: PlaybackMedia | null;
  startTime: number | null;
  /** The signed-in user: watch sessions only with one, never for trailers. */
  userId: string | null;
  /** Local watch-history progress for this episode; null records nothing. */
  history: Omit<WatchProgress, 'currentTime' | 'duration'> | null;
  announce: (message: string) => void;
  /** Keys ← j → l k act on this player (one per page). */
  keyboard?: boolean;
  testId?: string;
  /** Told when the video ends (true) and when it plays or seeks again (false): the end card. */
  onEndedChange?: (ended: boolean) => void;
  /** Drawn over the video (the end card). */
  overlay?: ReactNode;
  controller?: Ref<PlayerController>;
};

/**
 * One Shaka player (DRM) with the layout of spec §2: desktop (custom control bar, hover skip buttons), mobile (tap
 * overlay with double-tap skips, fullscreen toggle, info overlay after a pause) or trailer (native controls, poster).
 * Loading texts, 'Click to start playing' and the 'Video Playback Error' panel are shared.
 */
export default function EpisodePlayer({
  media,
  engine,
  variant,
  isMobile,
  label,
  info,
  preload,
  startTime,
  userId,
  history,
  announce,
  keyboard = true,
  testId = 'episode-video',
  onEndedChange,
  overlay,
  controller,
}: Props) {
  const containerRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const isTrailer = variant === 'trailer';
  const mobile = isMobile === true;
  const { phase, readyFor, hasTextTracks, subtitlesOn, setSubtitlesOn, startFromGesture, switchTo } = useShakaPlayer({
    videoRef,
    engine,
    media,
    startTime,
    isMobile,
    preload,
    autoPlay: true,
  });
  useImperativeHandle(controller, () => ({ switchTo }), [switchTo]);
  const state = useVideoState(videoRef);
  const ready = phase === 'ready' && readyFor === media.videoId;

  useWatchSession({ videoRef, userId, videoId: media.videoId, isTrailer, isReady: ready, isMobile: mobile });
  useWatchHistory({ videoRef, progress: history });

  // Screen-reader announcements of state changes.
  const lastPhase = useRef(phase);
  useEffect(() => {
    if (lastPhase.current === phase) return;
    lastPhase.current = phase;
    if (phase === 'loading') announce('Loading video...');
    else if (phase === 'needs-gesture') announce('Click to start playing');
  }, [phase, announce]);
  // The first play of each video names it; later ones just say 'Playing'.
  const namedFor = useRef<string | null>(null);
  const labelRef = useRef({ label, videoId: media.videoId });
  useEffect(() => {
    labelRef.current = { label, videoId: media.videoId };
  });
  useEffect(() => {
    const v = videoRef.current;
    if (!v) return;
    const onPlay = () => {
      const { label: name, videoId } = labelRef.current;
      if (namedFor.current === videoId) return announce('Playing');
      namedFor.current = videoId;
      announce(`Playing ${name}`);
    };
    const onPause = () => !v.ended && announce('Paused');
    const onEnded = () => announce('Episode finished');
    v.addEventListener('play', onPlay);
    v.addEventListener('pause', onPause);
    v.addEventListener('ended', onEnded);
    // The page's inline start may have started it before hydration: announce it now.
    if (isPlaying(v)) onPlay();
    return () => {
      v.removeEventListener('play', onPlay);
      v.removeEventListener('pause', onPause);
      v.removeEventListener('ended', onEnded);
    };
  }, [announce]);

  const endedChange = useRef(onEndedChange);
  useEffect(() => {
    endedChange.current = onEndedChange;
  });
  useEffect(() => {
    const v = videoRef.current;
    if (!v) return;
    const onEnded = () => endedChange.current?.(true);
    const onAgain = () => endedChange.current?.(false);
    v.addEventListener('ended', onEnded);
    v.addEventListener('play', onAgain);
    v.addEventListener('seeking', onAgain);
    v.addEventListener('emptied', onAgain);
    return () => {
      v.removeEventListener('ended', onEnded);
      v.removeEventListener('play', onAgain);
      v.removeEventListener('seeking', onAgain);
      v.removeEventListener('emptied', onAgain);
    };
  }, []);

  // Skips (spec §5): ignored while a seek is under way (recovered after 3 s at most) or before the video is ready.
  const seeking = useRef(false);
  const seekTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const indicatorTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [indicator, setIndicator] = useState<{ direction: SkipDirection; key: number } | null>(null);
  useEffect(() => {
    const v = videoRef.current;
    if (!v) return;
    const onSeeked = () => {
      seeking.current = false;
      if (seekTimer.current) clearTimeout(seekTimer.current);
    };
    v.addEventListener('seeked', onSeeked);
    return () => {
      v.removeEventListener('seeked', onSeeked);
      if (seekTimer.current) clearTimeout(seekTimer.current);
      if (indicatorTimer.current) clearTimeout(indicatorTimer.current);
    };
  }, []);

  const skip = useCallback(
    (direction: SkipDirection) => {
      const v = videoRef.current;
      if (!v || !ready || v.readyState < 1 || seeking.current || v.seeking) return;
      const target = skipTarget(direction, v.currentTime, v.duration);
      if (target === null) return;
      seeking.current = true;
      if (seekTimer.current) clearTimeout(seekTimer.current);
      seekTimer.current = setTimeout(() => (seeking.current = false), SEEK_RECOVERY_TIMEOUT_MS);
      v.currentTime = target;
      setIndicator({ direction, key: Date.now() });
      if (indicatorTimer.current) clearTimeout(indicatorTimer.current);
      indicatorTimer.current = setTimeout(() => setIndicator(null), SKIP_INDICATOR_MS);
      announce(direction === 'back' ? (target === 0 ? 'Back to the start' : `Back ${SKIP_SECONDS} seconds`) : `Forward ${SKIP_SECONDS} seconds`);
    },
    [ready, announce],
  );

  const togglePlay = useCallback(() => {
    const v = videoRef.current;
    if (!v || !ready) return;
    if (v.paused || v.ended) {
      v.play().catch((err: unknown) => console.info('play refused', err instanceof Error ? err.message : err));
    } else {
      v.pause();
    }
  }, [ready]);

  usePlayerKeys(
    useCallback(
      (action: KeyAction) => {
        if (action === 'toggle') togglePlay();
        else skip(action);
      },
      [togglePlay, skip],
    ),
    keyboard,
  );

  const toggleSubtitles = useCallback(() => {
    setSubtitlesOn(!subtitlesOn);
    announce(subtitlesOn ? 'Subtitles off' : 'Subtitles on');
  }, [subtitlesOn, setSubtitlesOn, announce]);

  // Mobile: the info overlay shows for 5 s after a pause.
  const [infoVisible, setInfoVisible] = useState(false);
  useEffect(() => {
    const v = videoRef.current;
    if (!v || !mobile || isTrailer) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const onPause = () => {
      if (v.ended) return;
      setInfoVisible(true);
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => setInfoVisible(false), MOBILE_PAUSED_OVERLAY_MS);
    };
    const onPlay = () => {
      if (timer) clearTimeout(timer);
      setInfoVisible(false);
    };
    v.addEventListener('pause', onPause);
    v.addEventListener('play', onPlay);
    return () => {
      if (timer) clearTimeout(timer);
      v.removeEventListener('pause', onPause);
      v.removeEventListener('play', onPlay);
    };
  }, [mobile, isTrailer]);

  // Fullscreen (mobile toggle; also in the desktop bar).
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === containerRef.current && containerRef.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggleFullscreen = useCallback(() => {
    const el = containerRef.current;
    const v = videoRef.current as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null;
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
    } else if (el?.requestFullscreen) {
      void el.requestFullscreen().catch(() => v?.webkitEnterFullscreen?.());
    } else {
      v?.webkitEnterFullscreen?.();
    }
  }, []);

  const setVolume = useCallback((volume: number) => {
    const v = videoRef.current;
    if (!v) return;
    v.volume = Math.min(1, Math.max(0, volume));
    v.muted = volume === 0;
  }, []);
  const toggleMute = useCallback(() => {
    const v = videoRef.current;
    if (!v) return;
    v.muted = !v.muted;
    if (!v.muted && v.volume === 0) v.volume = 0.5;
  }, []);
  const seekTo = useCallback((time: number) => {
    const v = videoRef.current;
    if (v && Number.isFinite(time)) v.currentTime = time;
  }, []);

  const layout = isTrailer ? 'trailer' : mobile ? 'mobile' : 'desktop';
  const busy = phase === 'preparing' || phase === 'loading';

  return (
    <div
      ref={containerRef}
      className={clsx('group relative aspect-[9/16] w-full overflow-hidden bg-black', isTrailer || !mobile ? 'rounded-2xl shadow-2xl' : '', fullscreen && 'rounded-none')}
      data-layout={layout}
      data-testid="episode-player"
    >
      <video
        ref={videoRef}
        data-testid={testId}
        data-phase={phase}
        className="h-full w-full object-contain"
        poster={media.posterUrl}
        playsInline
        preload="auto"
        controls={isTrailer && ready}
        aria-label={label}
      />

      {busy && (
        <div className="pointer-events-none absolute inset-0 z-20 grid place-items-center bg-black/40 text-sm text-white/85" role="status" data-testid="player-loading">
          <span className="flex items-center gap-2">
            <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-white/30 border-t-white" />
            {phase === 'preparing' ? 'Preparing player...' : 'Loading video...'}
          </span>
        </div>
      )}

      {phase === 'needs-gesture' && (
        <button
          type="button"
          className="absolute inset-0 z-30 grid place-items-center bg-black/45 text-base font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-[-4px] focus-visible:outline-white"
          onClick={startFromGesture}
        >
          Click to start playing
        </button>
      )}

      {phase === 'error' && <PlaybackErrorPanel isMobile={mobile} />}

      {!isTrailer && ready && isMobile !== null && (
        <PlayerControls
          layout={mobile ? 'mobile' : 'desktop'}
          state={state}
          onTogglePlay={togglePlay}
          onSkip={skip}
          onSeek={seekTo}
          onVolume={setVolume}
          onToggleMute={toggleMute}
          hasTextTracks={hasTextTracks}
          subtitlesOn={subtitlesOn}
          onToggleSubtitles={toggleSubtitles}
          fullscreen={fullscreen}
          onToggleFullscreen={toggleFullscreen}
        />
      )}
      {!isTrailer && ready && mobile && infoVisible && <InfoOverlay info={info} onPlay={togglePlay} />}

      {overlay}

      {indicator && (
        <div
          key={indicator.key}
          aria-hidden
          className={clsx(
            'pointer-events-none absolute top-1/2 z-20 -translate-y-1/2 rounded-full bg-black/60 px-4 py-2 text-sm font-semibold text-white',
            indicator.direction === 'back' ? 'left-6' : 'right-6',
          )}
          data-testid="skip-indicator"
        >
          {indicator.direction === 'back' ? `« ${SKIP_SECONDS}s` : `${SKIP_SECONDS}s »`}
        </div>
      )}
    </div>
  );
}
