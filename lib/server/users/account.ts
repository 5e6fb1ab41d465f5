import 'server-only';
import { eq, inArray, sql } from 'drizzle-orm';
import { deleteFirebaseUser, revokeFirebaseSessions } from '@/lib/server/auth/firebase';
import type { Db } from '@/lib/server/db/client';
import { movieSeries, myList, users } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { log } from '@/lib/server/log';
import { closeOpenCheckouts, CLOSED_REASON } from '@/lib/server/payments/checkouts';
import { bumpTokenVersion } from './index';

type Account = { id: string; firebaseUid: string };

/**
 * Deletes the account (the privacy policy's 'Delete Account'). What happens to each table that points at `users`
 * (every user foreign key in lib/server/db/schema.ts; integration test tests/integration/account.test.ts checks each):
 *
 * | table              | on delete | why                                                                               |
 * |--------------------|-----------|-----------------------------------------------------------------------------------|
 * | users              | deleted   | the profile, the coin balance (`coins`), VIP fields and the token version go      |
 * | my_list            | cascade   | deleted; the titles' `total_added_to_list` counters are lowered first (below)     |
 * | likes, ratings     | cascade   | deleted (like counts and rating summaries are computed from the rows)             |
 * | watch_sessions     | cascade   | deleted (watch history)                                                           |
 * | episode_unlocks    | cascade   | deleted with the coins that bought them                                           |
 * | coin_ledger        | cascade   | deleted: the account's coin history; the money side is in `payments`              |
 * | subscriptions      | cascade   | deleted: VIP access ends                                                          |
 * | premium_purchases  | cascade   | deleted: access to bought videos ends                                             |
 * | payments           | set null  | KEPT with user_id null: payment records outlive accounts (tax and accounting);    |
 * |                    |           | open checkouts are cancelled first (status 'cancelled', gateway told)             |
 * | audit_log          | set null  | KEPT with actor_id null (actor_email stays): the studio's record of who changed what |
 * | media_ingests      | set null  | KEPT with created_by null: an episode's upload history                            |
 *
 * No other table references users. All of it happens in one transaction: either the account is gone entirely or
 * nothing changed. The row is locked first so that a concurrent write of this user (a my-list toggle) either finishes
 * before it or fails after it, and cannot leave a counter off by one.
 *
 * Afterwards the Firebase account is deleted. If that fails the data is gone all the same, and the product tokens
 * with it (their user no longer exists: 404 E_USER_NOT_FOUND, which makes the client forget its session), so the
 * answer is still success; the failure is logged for an operator to remove the orphaned Firebase account (a later
 * sign-in with it would start a new, empty account, never the deleted one).
 *
 * Answers the titles whose favourites count changed, for the caller to refresh their cached pages.
 */
export async function deleteAccount(db: Db, account: Account): Promise<{ changedTitleIds: string[] }> {
  const changedTitleIds = await db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: users.id }).from(users).where(eq(users.id, account.id)).for('update');
    if (!locked) throw new AppError('E_USER_NOT_FOUND', 'User not found.');
    // The list rows would cascade anyway; deleting them here tells which counters to lower, in the same transaction
    // as toggleMyList keeps them.
    const listed = await tx.delete(myList).where(eq(myList.userId, account.id)).returning({ titleId: myList.movieSeriesId });
    const titleIds = [...new Set(listed.map((r) => r.titleId))].sort();
    if (titleIds.length > 0) {
      await tx
        .update(movieSeries)
        .set({ totalAddedToList: sql`greatest(0, ${movieSeries.totalAddedToList} - 1)` })
        .where(inArray(movieSeries.id, titleIds));
    }
    // Its open checkouts are cancelled (their pages then say so, and each gateway is told to stop taking money): a
    // payment for an account that no longer exists could only be refunded. One that comes in all the same is kept
    // paid and flagged for a person (fulfilment finds no account).
    await closeOpenCheckouts(tx, { userId: account.id }, 'cancelled', CLOSED_REASON.accountDeleted);
    await tx.delete(users).where(eq(users.id, account.id));
    return titleIds;
  });

  try {
    await deleteFirebaseUser(account.firebaseUid);
  } catch (err) {
    log.error('account deleted but its Firebase user could not be deleted', { userId: account.id, firebaseUid: account.firebaseUid, err });
  }
  return { changedTitleIds };
}

/**
 * 'Log out everywhere': every product token of the user stops working (token version), and so does every Firebase
 * session, which other devices would otherwise use to renew their product token silently. The version is raised
 * first: should revoking the Firebase sessions fail, the caller hears of it and may try again.
 */
export async function logOutEverywhere(db: Db, account: Account): Promise<void> {
  await bumpTokenVersion(db, account.id);
  try {
    await revokeFirebaseSessions(account.firebaseUid);
  } catch (err) {
    log.error('token version raised but Firebase sessions could not be revoked', { userId: account.id, err });
    throw new AppError('E_UNAVAILABLE', 'We could not sign you out of every device. Please try again.');
  }
}
