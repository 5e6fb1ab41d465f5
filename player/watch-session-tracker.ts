import type { WatchSession } from '@/lib/contracts/sessions';
import type { CreateWatchSessionBody, DeviceInfo, UpdateWatchSessionBody } from '@/lib/contracts/sessions';

export type SessionApi = {
  create: (body: CreateWatchSessionBody) => Promise<WatchSession | null>;
  update: (sessionId: string, body: UpdateWatchSessionBody) => Promise<unknown>;
  /** The last update as the page unloads (keepalive); fire and forget. */
  updateOnExit: (sessionId: string, body: UpdateWatchSessionBody) => void;
};

type Patch = Omit<UpdateWatchSessionBody, 'userId'>;

/**
 * One episode's watch session (spec §4): created once after the video is ready; active on play, paused on pause,
 * completed on end (100 %, then counters reset and the id cleared, so a replay starts a new session), stopped on
 * leaving. Updates go out one after another, after the create, so the server sees them in order. Failures are only
 * logged by the API layer (spec §8); the tracker carries on.
 */
export class WatchSessionTracker {
  /** The current session's id once created (null if the create failed); null when there is no session. */
  private session: Promise<string | null> | null = null;
  /** The same id, known synchronously once the create answered (for the keepalive update on unload). */
  private knownId: string | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private pauseCount = 0;
  private resumeCount = 0;
  private hasPlayed = false;
  private playingSince: number | null = null;
  private watchedMs = 0;
  private countingFrom: number | null = null;
  private stopped = false;

  constructor(
    private readonly api: SessionApi,
    private readonly ctx: { userId: string; videoId: string; deviceInfo?: DeviceInfo },
    private readonly now: () => number = () => Date.now(),
  ) {}

  get id(): string | null {
    return this.knownId;
  }

  /** The video can play: start the session if there is none yet. */
  ready(): void {
    if (this.stopped || this.session) return;
    // Watch time counts from here: never more than the time since the server started the session.
    this.countingFrom = this.now();
    const body: CreateWatchSessionBody = {
      userId: this.ctx.userId,
      videoId: this.ctx.videoId,
      sessionStartTime: new Date(this.countingFrom).toISOString(),
      deviceInfo: this.ctx.deviceInfo,
      location: null,
      videoQuality: 'auto',
    };
    const session: Promise<string | null> = this.api.create(body).then(
      (s) => s?._id ?? null,
      () => null,
    );
    this.session = session;
    void session.then((id) => {
      if (this.session === session) this.knownId = id;
    });
  }

  play(): void {
    if (this.stopped) return;
    if (!this.session) this.ready();
    if (this.hasPlayed) this.resumeCount += 1;
    this.hasPlayed = true;
    this.playingSince ??= this.now();
    this.send({ status: 'active', isPaused: false, resumeCount: this.resumeCount });
  }

  pause(percentage: number): void {
    if (this.stopped || !this.hasPlayed) return;
    this.accumulate();
    this.pauseCount += 1;
    this.send({ status: 'paused', isPaused: true, pauseCount: this.pauseCount, totalWatchTime: this.totalWatchTime(), watchPercentage: clampPercent(percentage) });
  }

  /** Progress while playing. */
  heartbeat(percentage: number): void {
    if (this.stopped || this.playingSince === null) return;
    this.accumulate();
    this.playingSince = this.now();
    this.send({ totalWatchTime: this.totalWatchTime(), watchPercentage: clampPercent(percentage) });
  }

  ended(): void {
    if (this.stopped || !this.session) return;
    this.accumulate();
    this.send({ status: 'completed', isCompleted: true, watchPercentage: 100, totalWatchTime: this.totalWatchTime(), sessionEndTime: new Date(this.now()).toISOString() });
    // Counters reset and the id cleared: a replay creates a new session.
    this.session = null;
    this.knownId = null;
    this.pauseCount = 0;
    this.resumeCount = 0;
    this.hasPlayed = false;
    this.watchedMs = 0;
    this.countingFrom = null;
  }

  /** Leaving the page, changing episode or unmounting. `unloading`: the page is going away (keepalive request). */
  stop(percentage: number, unloading = false): void {
    if (this.stopped) return;
    this.accumulate();
    this.stopped = true;
    if (!this.session) return;
    const body: Patch = { status: 'stopped', isPaused: true, totalWatchTime: this.totalWatchTime(), watchPercentage: clampPercent(percentage), sessionEndTime: new Date(this.now()).toISOString() };
    if (unloading && this.knownId) {
      this.api.updateOnExit(this.knownId, { userId: this.ctx.userId, ...body });
      return;
    }
    this.send(body);
  }

  /** Resolves when every update sent so far has settled (tests). */
  settled(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  private accumulate(): void {
    if (this.playingSince === null) return;
    const from = Math.max(this.playingSince, this.countingFrom ?? this.playingSince);
    this.watchedMs += Math.max(0, this.now() - from);
    this.playingSince = null;
  }

  private totalWatchTime(): number {
    return Math.floor(this.watchedMs / 1000);
  }

  /** Queued after the create and every earlier update, against the session current when the update was made. */
  private send(patch: Patch): void {
    const session = this.session;
    if (!session) return;
    const body: UpdateWatchSessionBody = { userId: this.ctx.userId, ...patch };
    this.queue = this.queue
      .then(() => session)
      .then((id) => (id ? this.api.update(id, body) : null))
      .catch(() => null);
  }
}

export function clampPercent(p: number): number {
  if (!Number.isFinite(p)) return 0;
  return Math.min(100, Math.max(0, Math.round(p * 10) / 10));
}
