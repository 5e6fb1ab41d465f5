import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/client';
import { episodeUnlocks, premiumPurchases } from '@/lib/server/db/schema';

/** Who is asking: null for guests (spec §6: anonymous guests have no product user). */
export type Viewer = { id: string; vipExpiresAt: Date | null; vipLifetime: boolean } | null;

export type WatchableVideo = { id: string; episodeNumber: number; isPremium: boolean };

export function isVipActive(viewer: Viewer, now = new Date()): boolean {
  if (!viewer) return false;
  return viewer.vipLifetime || (viewer.vipExpiresAt !== null && viewer.vipExpiresAt.getTime() > now.getTime());
}

/**
 * The one rule of who may watch (docs/architecture.md 'Entitlement'): a trailer or a non-premium episode → yes;
 * active VIP → yes; unlocked with coins → yes; premium video purchased → yes; otherwise no.
 * Answers for many videos in two queries so list endpoints never query in a loop.
 */
export async function watchableVideoIds(db: DbOrTx, viewer: Viewer, videos: WatchableVideo[], now = new Date()): Promise<Set<string>> {
  const open = new Set(videos.filter((v) => v.episodeNumber === 0 || !v.isPremium || isVipActive(viewer, now)).map((v) => v.id));
  const rest = videos.filter((v) => !open.has(v.id)).map((v) => v.id);
  if (!viewer || rest.length === 0) return open;
  const [unlocked, bought] = await Promise.all([
    db.select({ id: episodeUnlocks.videoId }).from(episodeUnlocks).where(and(eq(episodeUnlocks.userId, viewer.id), inArray(episodeUnlocks.videoId, rest))),
    db.select({ id: premiumPurchases.videoId }).from(premiumPurchases).where(and(eq(premiumPurchases.userId, viewer.id), inArray(premiumPurchases.videoId, rest))),
  ]);
  for (const row of [...unlocked, ...bought]) open.add(row.id);
  return open;
}

export async function canWatch(db: DbOrTx, viewer: Viewer, video: WatchableVideo, now = new Date()): Promise<boolean> {
  return (await watchableVideoIds(db, viewer, [video], now)).has(video.id);
}
