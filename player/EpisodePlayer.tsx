'use client';

import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import type { PlaybackMedia } from '@/lib/contracts/playback';
import type { WatchProgress } from '@/lib/watch-history';
import { InfoOverlay, type EpisodeInfo } from './controls/InfoOverlay';
import type { KeyAction } from './controls/keys';
import { PlayerControls } from './controls/PlayerControls';
import { SkipIndicator } from './controls/SkipIndicator';
import { usePlayerKeys } from './controls/use-player-keys';
import { PlaybackErrorPanel } from './PlaybackErrorPanel';
import { MOBILE_PAUSED_OVERLAY_MS, SKIP_INDICATOR_MS, SKIP_SECONDS } from './constants';
import type { SkipDirection } from './skip';
import type { EngineUrls } from './load-shaka';
import { usePlayerAnnouncements } from './use-announcer';
import { usePlayerSession } from './use-player-session';
import { useWatchHistory } from './use-watch-history';
import { useWatchSession } from './use-watch-session';
import subtitles from './subtitles.module.css';

export type PlayerVariant = 'episode' | 'trailer';

/** What the episode view may ask of the player directly (see the player session's switchTo and afterNextFrame). */
export type PlayerController = { switchTo: (media: PlaybackMedia) => boolean; afterNextFrame: (then: () => void) => void };

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
  /** Keys (controls/keys.ts: ← j → l k Space m f) act on this player (one per page). */
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
  const t = useTranslations('player');
  const containerRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const textLayerRef = useRef<HTMLDivElement>(null);
  const isTrailer = variant === 'trailer';
  const mobile = isMobile === true;
  const { session, snapshot } = usePlayerSession(videoRef, { media, engine, startTime, isMobile, preload, autoPlay: true }, textLayerRef);
  const { phase, readyFor, hasTextTracks, subtitlesOn, video: state, variant: streaming, slot } = snapshot;
  const { controls } = session;
  const { seekTo, setVolume } = controls;
  useImperativeHandle(controller, () => ({ switchTo: (next: PlaybackMedia) => session.switchTo(next), afterNextFrame: (then: () => void) => session.afterNextFrame(then) }), [session]);
  // Ready for this video, or for the next one, which a switch (switchTo) starts before the page renders it.
  const ready = phase === 'ready' && readyFor !== null && (readyFor === media.videoId || readyFor === preload?.videoId);

  useWatchSession({ session, userId, videoId: media.videoId, isTrailer, isMobile: mobile });
  useWatchHistory({ session, videoId: media.videoId, progress: history });
  usePlayerAnnouncements(session, { videoId: media.videoId, label }, announce);

  // The end card: told when the video ends, and when it plays, seeks or loads again.
  const endedChange = useRef(onEndedChange);
  useEffect(() => {
    endedChange.current = onEndedChange;
  });
  useEffect(() => {
    const again = () => endedChange.current?.(false);
    const off = [session.on('ended', () => endedChange.current?.(true)), session.on('play', again), session.on('seeking', again), session.on('emptied', again)];
    return () => off.forEach((unsubscribe) => unsubscribe());
  }, [session]);

  // Skips (spec §5): only once the video is ready; the session ignores one while a seek is under way.
  const indicatorTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [indicator, setIndicator] = useState<{ direction: SkipDirection; key: number } | null>(null);
  useEffect(() => () => void (indicatorTimer.current && clearTimeout(indicatorTimer.current)), []);
  const skip = useCallback(
    (direction: SkipDirection) => {
      const target = ready ? controls.skip(direction) : null;
      if (target === null) return;
      setIndicator({ direction, key: Date.now() });
      if (indicatorTimer.current) clearTimeout(indicatorTimer.current);
      indicatorTimer.current = setTimeout(() => setIndicator(null), SKIP_INDICATOR_MS);
      const said = direction === 'forward' ? 'announce.forward' : target === 0 ? 'announce.backToStart' : 'announce.back';
      announce(t(said, { seconds: SKIP_SECONDS }));
    },
    [ready, controls, announce, t],
  );
  const togglePlay = useCallback(() => void (ready && controls.togglePlay()), [ready, controls]);
  const startFromGesture = useCallback(() => session.startFromGesture(), [session]);

  const toggleMute = useCallback(() => {
    const wasMuted = session.getSnapshot().video.muted;
    controls.toggleMute();
    announce(t(wasMuted ? 'announce.unmuted' : 'announce.muted'));
  }, [session, controls, announce, t]);
  const toggleFullscreen = useCallback(() => controls.toggleFullscreen(containerRef.current), [controls]);

  usePlayerKeys(
    useCallback(
      (action: KeyAction) => {
        if (action === 'toggle') togglePlay();
        else if (action === 'mute') toggleMute();
        else if (action === 'fullscreen') toggleFullscreen();
        else skip(action);
      },
      [togglePlay, toggleMute, toggleFullscreen, skip],
    ),
    keyboard,
  );

  const toggleSubtitles = useCallback(() => {
    session.setSubtitlesOn(!subtitlesOn);
    announce(t(subtitlesOn ? 'announce.subtitlesOff' : 'announce.subtitlesOn'));
  }, [session, subtitlesOn, announce, t]);

  // Mobile: the info overlay shows for 5 s after a pause.
  const [infoVisible, setInfoVisible] = useState(false);
  useEffect(() => {
    if (!mobile || isTrailer) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onPause = () => {
      if (session.getSnapshot().video.ended) return;
      setInfoVisible(true);
      clearTimeout(timer);
      timer = setTimeout(() => setInfoVisible(false), MOBILE_PAUSED_OVERLAY_MS);
    };
    const onPlay = () => {
      clearTimeout(timer);
      setInfoVisible(false);
    };
    const off = [session.on('pause', onPause), session.on('play', onPlay)];
    return () => {
      clearTimeout(timer);
      off.forEach((unsubscribe) => unsubscribe());
    };
  }, [session, mobile, isTrailer]);

  // Fullscreen (mobile toggle; also in the desktop bar).
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === containerRef.current && containerRef.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // Decode-ahead (engine/standby.ts): on a desktop layout a second <video> holds the next episode on its first frame,
  // invisible behind the playing one; 'Next' swaps them (the snapshot's slot). Once swapped, both stay.
  const standbyRef = useCallback(
    (element: HTMLVideoElement | null) => {
      session.setStandby(element);
      return () => session.setStandby(null);
    },
    [session],
  );
  // Which one shows is an inline opacity, the very property the session's swap writes on the two elements ahead of
  // this render (engine/session.ts, swapTo): the swap and this render say the same thing in the same place.
  const twoVideos = (!isTrailer && isMobile === false) || slot === 1;
  const videoProps = (index: 0 | 1) =>
    index === slot
      ? {
          'data-testid': testId,
          'data-phase': phase,
          className: 'absolute inset-0 h-full w-full object-contain',
          style: { opacity: 1 },
          poster: media.posterUrl,
          controls: isTrailer && ready,
          'aria-label': label,
          'data-variant-width': streaming?.width,
          'data-variant-height': streaming?.height,
        }
      : {
          'data-testid': `${testId}-standby`,
          className: 'pointer-events-none absolute inset-0 h-full w-full object-contain',
          style: { opacity: 0 },
          'aria-hidden': true,
          tabIndex: -1,
        };

  const layout = isTrailer ? 'trailer' : mobile ? 'mobile' : 'desktop';
  const busy = phase === 'preparing' || phase === 'loading';

  return (
    <div
      ref={containerRef}
      className={clsx('group relative aspect-[9/16] w-full overflow-hidden bg-black', isTrailer || !mobile ? 'rounded-2xl shadow-2xl' : '', fullscreen && 'rounded-none')}
      data-layout={layout}
      data-playing={state.isPlaying}
      data-testid="episode-player"
    >
      <video ref={videoRef} playsInline preload="auto" {...videoProps(0)} />
      {twoVideos && <video ref={standbyRef} playsInline preload="auto" {...videoProps(1)} />}
      {/* Shaka draws the subtitles here (UITextDisplayer); the CSS module lifts them above the controls. */}
      <div ref={textLayerRef} className={subtitles.layer} data-testid="subtitle-layer" />

      {busy && (
        <div className="pointer-events-none absolute inset-0 z-20 grid place-items-center bg-black/40 text-sm text-white/85" role="status" data-testid="player-loading">
          <span className="flex items-center gap-2">
            <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-white/30 border-t-white" />
            {t(phase === 'preparing' ? 'status.preparing' : 'status.loading')}
          </span>
        </div>
      )}

      {phase === 'needs-gesture' && (
        <button
          type="button"
          className="absolute inset-0 z-30 grid place-items-center bg-black/45 text-base font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-[-4px] focus-visible:outline-white"
          onClick={startFromGesture}
        >
          {t('status.startOverlay')}
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

      {indicator && <SkipIndicator key={indicator.key} direction={indicator.direction} />}
    </div>
  );
}
