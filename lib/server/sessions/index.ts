import 'server-only';
import { and, desc, eq, getTableColumns, inArray } from 'drizzle-orm';
import { isId, newId } from '@/lib/ids';
import type { Db } from '@/lib/server/db/client';
import { episodeVisible } from '@/lib/server/catalog/visibility';
import { movieSeries, videos, watchSessions } from '@/lib/server/db/schema';
import { canWatch, type Viewer } from '@/lib/server/entitlement/can-watch';
import { AppError } from '@/lib/server/http/app-error';
import type { CreateWatchSessionBody, UpdateWatchSessionBody } from '@/lib/contracts/sessions';
import type { WatchSession } from '@/lib/contracts/sessions';


/** Clock skew and request latency allowed between the client's watch-time counter and the server's clock. */
export const WATCH_TIME_TOLERANCE_SECONDS = 5;
/** How many open sessions `active/{userId}` lists. */
export const ACTIVE_SESSIONS_LIMIT = 20;

type Row = typeof watchSessions.$inferSelect;

const OPEN: Row['status'][] = ['active', 'paused'];

export function toWatchSession(r: Row): WatchSession {
  return {
    _id: r.id,
    userId: r.userId,
    videoId: r.videoId,
    sessionStartTime: r.sessionStartTime.toISOString(),
    sessionEndTime: r.sessionEndTime?.toISOString() ?? null,
    deviceInfo: (r.deviceInfo as WatchSession['deviceInfo']) ?? null,
    location: null,
    videoQuality: r.videoQuality,
    totalWatchTime: r.totalWatchTime,
    watchPercentage: r.watchPercentage,
    isPaused: r.isPaused,
    pauseCount: r.pauseCount,
    resumeCount: r.resumeCount,
    isCompleted: r.isCompleted,
    status: r.status,
  };
}

/**
 * Starts a session for a visible video (catalog/visibility.ts) the viewer may watch. Never for trailers (spec §4, §6). The session starts on the
 * server's clock, not the client's `sessionStartTime`, so a client cannot stretch the watch time it may report.
 */
export async function createWatchSession(db: Db, viewer: Exclude<Viewer, null>, body: CreateWatchSessionBody, now = new Date()): Promise<WatchSession> {
  const [video] = await db
    .select({ id: videos.id, episodeNumber: videos.episodeNumber, isPremium: videos.isPremium })
    .from(videos)
    .innerJoin(movieSeries, eq(movieSeries.id, videos.movieSeriesId))
    .where(and(eq(videos.id, body.videoId), episodeVisible))
    .limit(1);
  if (!video) throw new AppError('E_NOT_FOUND', 'Episode not found. Please try again.');
  if (video.episodeNumber === 0) throw new AppError('E_VALIDATION', 'Watch sessions are not recorded for trailers.');
  if (!(await canWatch(db, viewer, video))) throw new AppError('E_LOCKED', 'This episode requires a subscription to watch.');

  const [row] = await db
    .insert(watchSessions)
    .values({
      id: newId(),
      userId: viewer.id,
      videoId: video.id,
      sessionStartTime: now,
      deviceInfo: body.deviceInfo ?? null,
      location: null,
      videoQuality: body.videoQuality,
      status: 'active',
    })
    .returning();
  return toWatchSession(row);
}

/**
 * Applies one update from the player. Only the owner may update; an ended session (completed or stopped) is final;
 * the watch time never decreases and never exceeds the time since the session started; the counters never decrease.
 * Ending a session (completed / stopped) stamps the end time from the server's clock.
 */
export async function updateWatchSession(db: Db, userId: string, sessionId: string, body: UpdateWatchSessionBody, now = new Date()): Promise<WatchSession> {
  if (!isId(sessionId)) throw new AppError('E_NOT_FOUND', 'Watch session not found.');
  return db.transaction(async (tx) => {
    const [s] = await tx.select().from(watchSessions).where(eq(watchSessions.id, sessionId)).limit(1).for('update');
    if (!s) throw new AppError('E_NOT_FOUND', 'Watch session not found.');
    if (s.userId !== userId) throw new AppError('E_FORBIDDEN', 'This watch session belongs to another user.');
    if (!OPEN.includes(s.status)) throw new AppError('E_CONFLICT', 'This watch session has already ended.');

    const set: Partial<typeof watchSessions.$inferInsert> = {};
    if (body.totalWatchTime !== undefined) {
      const total = Math.round(body.totalWatchTime);
      const elapsed = (now.getTime() - s.sessionStartTime.getTime()) / 1000;
      if (total < s.totalWatchTime) throw new AppError('E_VALIDATION', 'totalWatchTime must not decrease.');
      if (total > elapsed + WATCH_TIME_TOLERANCE_SECONDS) {
        throw new AppError('E_VALIDATION', 'totalWatchTime cannot exceed the time since the session started.');
      }
      set.totalWatchTime = total;
    }
    if (body.pauseCount !== undefined) {
      if (body.pauseCount < s.pauseCount) throw new AppError('E_VALIDATION', 'pauseCount must not decrease.');
      set.pauseCount = body.pauseCount;
    }
    if (body.resumeCount !== undefined) {
      if (body.resumeCount < s.resumeCount) throw new AppError('E_VALIDATION', 'resumeCount must not decrease.');
      set.resumeCount = body.resumeCount;
    }
    if (body.watchPercentage !== undefined) set.watchPercentage = body.watchPercentage;

    const status = body.isCompleted ? 'completed' : body.status;
    if (status) {
      set.status = status;
      set.isPaused = body.isPaused ?? status === 'paused';
    } else if (body.isPaused !== undefined) {
      set.isPaused = body.isPaused;
    }
    if (status === 'completed') {
      set.isCompleted = true;
      set.watchPercentage = 100;
      set.isPaused = false;
    }
    if (status === 'completed' || status === 'stopped') set.sessionEndTime = now;

    const [row] = await tx.update(watchSessions).set(set).where(eq(watchSessions.id, s.id)).returning();
    return toWatchSession(row);
  });
}

/** The user's open (active or paused) sessions of videos still visible, most recently updated first. */
export async function activeWatchSessions(db: Db, userId: string): Promise<WatchSession[]> {
  const rows = await db
    .select(getTableColumns(watchSessions))
    .from(watchSessions)
    .innerJoin(videos, eq(videos.id, watchSessions.videoId))
    .innerJoin(movieSeries, eq(movieSeries.id, videos.movieSeriesId))
    .where(and(eq(watchSessions.userId, userId), inArray(watchSessions.status, OPEN), episodeVisible))
    .orderBy(desc(watchSessions.updatedAt))
    .limit(ACTIVE_SESSIONS_LIMIT);
  return rows.map(toWatchSession);
}
