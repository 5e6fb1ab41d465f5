import type { ApiUser, LoginType } from '@/lib/contracts/auth';
import { readJson, readRaw, remove, STORAGE_KEYS, write } from '@/lib/storage';

/**
 * The signed-in session as the browser keeps it (spec §3, §4): what the auth thunks store, the one `readToken()` every
 * caller (the HTTP client, the player, the exit beacon) reads, and the 'session ended' signal the HTTP client raises
 * and the store listens to. One place, so the keys are written and read the same everywhere.
 */

export type AnonymousRecord = { uid: string; isAnonymous: true };

export type StoredSession = {
  /** The raw `user` value: 'undefined' / 'null' mean a broken earlier write (spec §4 shows a message for it). */
  rawUser: string | null;
  user: ApiUser | null;
  isAuth: boolean;
  isAnonymous: boolean;
  anonymousUser: AnonymousRecord | null;
};

export function readStoredSession(): StoredSession {
  const user = readJson<ApiUser>(STORAGE_KEYS.user);
  const anonymousUser = readJson<AnonymousRecord>(STORAGE_KEYS.anonymousUser);
  return {
    rawUser: readRaw(STORAGE_KEYS.user),
    user: user && typeof user === 'object' && typeof user._id === 'string' && user._id ? user : null,
    isAuth: readRaw(STORAGE_KEYS.isAuth) === 'true',
    isAnonymous: readRaw(STORAGE_KEYS.isAnonymous) === 'true',
    anonymousUser: anonymousUser && typeof anonymousUser.uid === 'string' && anonymousUser.uid ? anonymousUser : null,
  };
}

/** After an e-mail or social login: the user, the product token, the last login type; the guest markers go. */
export function saveLogin(user: ApiUser, token: string, loginType: LoginType): void {
  write(STORAGE_KEYS.isAuth, 'true');
  write(STORAGE_KEYS.user, user);
  write(STORAGE_KEYS.token, token);
  write(STORAGE_KEYS.lastLoginType, String(loginType));
  remove(STORAGE_KEYS.anonymousUser, STORAGE_KEYS.isAnonymous);
}

/** A fresh profile replaces the stored copy (the token stays). */
export function saveProfile(user: ApiUser): void {
  write(STORAGE_KEYS.isAuth, 'true');
  write(STORAGE_KEYS.user, user);
}

/** A silently renewed session (lib/api/session-renewal.ts): the new token and the profile that came with it. */
export function saveRenewedSession(user: ApiUser, token: string): void {
  write(STORAGE_KEYS.user, user);
  write(STORAGE_KEYS.token, token);
}

/** The stored product token, or null (absent, or one of the 'undefined' / 'null' junk values of spec §4). */
export function readToken(): string | null {
  const token = readRaw(STORAGE_KEYS.token);
  return token && token !== 'undefined' && token !== 'null' ? token : null;
}

/** Logout and failed restores clear exactly the three keys of spec §2 'Top bar'. */
export function clearLogin(): void {
  remove(STORAGE_KEYS.isAuth, STORAGE_KEYS.user, STORAGE_KEYS.token);
}

export function saveAnonymous(uid: string): void {
  write(STORAGE_KEYS.anonymousUser, { uid, isAnonymous: true } satisfies AnonymousRecord);
  write(STORAGE_KEYS.isAnonymous, 'true');
}

type SessionEndedListener = () => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/**
 * Called when the stored session was found void and could not be renewed (lib/api/session-renewal.ts has cleared it
 * by then): the store marks the viewer logged out. Answers a function that stops listening.
 */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

export function notifySessionEnded(): void {
  for (const listener of [...sessionEndedListeners]) listener();
}
