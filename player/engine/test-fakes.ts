import { vi } from 'vitest';
import type { PlaybackMedia } from '@/lib/contracts/playback';
import { BUFFERING } from '../constants';
import type { Shaka } from './create';
import type { SessionEnv } from './session-env';

/** Plain objects standing in for the browser and Shaka in the engine's unit tests (no DOM, no media). */

type Listener = (event: Event) => void;

class FakeTarget {
  private readonly listeners = new Map<string, Set<Listener>>();
  addEventListener(type: string, listener: Listener): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }
  dispatch(type: string, detail?: unknown): void {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener({ type, detail } as unknown as Event);
  }
  listening(type: string): number {
    return this.listeners.get(type)?.size ?? 0;
  }
}

export class FakeVideo extends FakeTarget {
  paused = true;
  ended = false;
  seeking = false;
  readyState = 0;
  currentTime = 0;
  duration = NaN;
  volume = 1;
  muted = false;
  autoplay = false;
  /** Inline style: the session shows and hides the two elements of a swap with it. */
  style: { opacity?: string } = {};
  error: { code: number } | null = null;
  /** What the next play() does: resolve (and the element plays) or reject. */
  refusePlay: unknown = null;
  play = vi.fn(async () => {
    if (this.refusePlay) throw this.refusePlay;
    // As in a browser: paused at once, the event a task later.
    this.paused = false;
    await Promise.resolve();
    this.dispatch('play');
  });
  pause = vi.fn(() => {
    this.paused = true;
    this.dispatch('pause');
  });
  /** The element shows its first frame. */
  startPlaying(): void {
    this.paused = false;
    this.readyState = 4;
    this.dispatch('playing');
  }
}

export class FakeManager {
  destroy = vi.fn(async () => undefined);
}

export class FakePlayer extends FakeTarget {
  static made: FakePlayer[] = [];
  static supported = true;
  static isBrowserSupported = () => FakePlayer.supported;
  /** Each load() answers the next of these (default: loads). */
  loadResults: unknown[] = [];
  textTracks: { id: number }[] = [];
  requestFilters: unknown[] = [];
  attach = vi.fn(async (_video: unknown) => undefined);
  load = vi.fn(async (_source: unknown, _startTime?: number | null, _mime?: string | null) => {
    const result = this.loadResults.shift();
    if (result) throw result;
  });
  preload = vi.fn(async (_url: string, _startTime?: number | null, _mime?: string | null, _config?: unknown, _standardLoad?: boolean) => new FakeManager());
  destroy = vi.fn(async () => undefined);
  unload = vi.fn(async () => undefined);
  configure = vi.fn();
  resetConfiguration = vi.fn();
  getConfiguration = () => ({});
  getNetworkingEngine = () => ({ registerRequestFilter: (filter: unknown) => this.requestFilters.push(filter) });
  getTextTracks = () => this.textTracks;
  selectTextTrack = vi.fn();
  /** Shaka's variant tracks; `active` marks the one streaming. */
  variantTracks: { id: number; active: boolean; width: number; height: number; bandwidth: number }[] = [];
  getVariantTracks = () => this.variantTracks;
  selectVariantTrack = vi.fn();
  setVideoContainer = vi.fn();
  constructor() {
    super();
    FakePlayer.made.push(this);
  }
}

export function fakeShaka(): Shaka {
  return {
    Player: FakePlayer,
    polyfill: { installAll: vi.fn() },
    net: { NetworkingEngine: { RequestType: { LICENSE: 2, KEY: 7 }, PluginPriority: { FALLBACK: 1 }, registerScheme: vi.fn() } },
    text: { NativeTextDisplayer: class {}, UITextDisplayer: class {} },
    util: { AbortableOperation: { completed: (v: unknown) => v } },
  } as unknown as Shaka;
}

export function fakeEnv(overrides: Partial<SessionEnv> = {}): SessionEnv {
  const shaka = fakeShaka();
  return {
    loadShaka: vi.fn(async () => shaka),
    takeBooted: vi.fn(() => null),
    prefetchLicence: vi.fn(),
    takeLicence: vi.fn(() => null),
    drm: { widevine: '', playready: '', fairplay: '' },
    buffering: () => BUFFERING.highEndDevice,
    deviceClass: () => 'high',
    platform: (isMobile) => (isMobile ? 'mobile' : 'desktop'),
    checkFairPlay: vi.fn(),
    quality: () => 'auto',
    onQualityChange: () => () => undefined,
    ...overrides,
  };
}

export const media = (videoId: string): PlaybackMedia => ({
  videoId,
  dashManifest: `/media/${videoId}/manifest.mpd`,
  safariManifest: `/media/${videoId}/master.m3u8`,
  mobileManifest: '',
  fallbackManifest: `/media/${videoId}/fallback.mpd`,
  videoUrl: '',
  licenseUrl: `/api/drm/clearkey/${videoId}`,
  drmKeyId: 'a0cc41dbce150eb14e5eed0ccc7fc347',
  posterUrl: `/media/${videoId}/poster.jpg`,
  hasSubtitles: false,
});
