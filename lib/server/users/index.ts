import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { ApiUser } from '@/lib/contracts/auth';
import { newId } from '@/lib/ids';
import type { DbOrTx } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { isVipActive, type Viewer } from '@/lib/server/entitlement/can-watch';
import { AppError } from '@/lib/server/http/app-error';

type UserRow = typeof users.$inferSelect;

/** The user as the client stores it (spec §3 User): one shape, declared once beside the client call that reads it. */
export type ClientUser = ApiUser;

export function toClientUser(u: UserRow, now = new Date()): ClientUser {
  return {
    _id: u.id,
    uid: u.firebaseUid,
    name: u.name,
    email: u.email,
    image: u.image,
    loginType: u.loginType,
    isAnonymous: u.isAnonymous,
    isVip: isVipActive({ id: u.id, vipExpiresAt: u.vipExpiresAt, vipLifetime: u.vipLifetime }, now),
    vipExpiresAt: u.vipExpiresAt?.toISOString() ?? null,
    vipLifetime: u.vipLifetime,
    coins: u.coins,
    createdAt: u.createdAt.toISOString(),
    role: u.role,
  };
}

export function toViewer(u: UserRow): Exclude<Viewer, null> {
  return { id: u.id, vipExpiresAt: u.vipExpiresAt, vipLifetime: u.vipLifetime };
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function requireUser(db: DbOrTx, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new AppError('E_USER_NOT_FOUND', 'User not found.');
  if (user.isBlocked) throw new AppError('E_UNAUTHORIZED', 'This account is blocked.');
  return user;
}

export type UpsertUserInput = {
  firebaseUid: string;
  loginType: number;
  email: string | null;
  name: string;
  image: string | null;
};

/**
 * Creates the user on first sign-in, or refreshes the profile on later ones; one row per Firebase uid, even when two
 * sign-ins race (the unique index decides, the loser updates).
 */
export async function upsertUser(db: DbOrTx, input: UpsertUserInput): Promise<UserRow> {
  const now = new Date();
  const [row] = await db
    .insert(users)
    .values({ id: newId(), firebaseUid: input.firebaseUid, loginType: input.loginType, email: input.email, name: input.name, image: input.image, isAnonymous: false, lastLoginAt: now })
    .onConflictDoUpdate({
      target: users.firebaseUid,
      set: {
        loginType: input.loginType,
        email: sql`coalesce(excluded.email, ${users.email})`,
        name: sql`case when excluded.name = '' then ${users.name} else excluded.name end`,
        image: sql`coalesce(excluded.image, ${users.image})`,
        lastLoginAt: now,
        updatedAt: now,
      },
    })
    .returning();
  if (row.isBlocked) throw new AppError('E_UNAUTHORIZED', 'This account is blocked.');
  return row;
}

/**
 * Ends every product token of the user at once: tokens carry the version they were issued with, and the route wrapper
 * refuses any that is not the current one (lib/server/auth/session.ts). Answers the new version.
 */
export async function bumpTokenVersion(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning({ tokenVersion: users.tokenVersion });
  if (!row) throw new AppError('E_USER_NOT_FOUND', 'User not found.');
  return row.tokenVersion;
}

/**
 * Blocks the account and, in the same statement, ends its tokens: the next call with any of them is refused (403
 * E_UNAUTHORIZED from requireUser), and a new sign-in is refused by upsertUser, so the client cannot renew one either.
 */
export async function blockUser(db: DbOrTx, id: string): Promise<void> {
  const [row] = await db
    .update(users)
    .set({ isBlocked: true, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  if (!row) throw new AppError('E_USER_NOT_FOUND', 'User not found.');
}
