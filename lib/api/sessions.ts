import { publicEnv } from '@/lib/public-env';
import type { WatchSession } from '@/lib/contracts/sessions';
import type { CreateWatchSessionBody, UpdateWatchSessionBody } from '@/lib/contracts/sessions';
import { api } from './client';
import { isUsableApiKey } from './errors';
import { readToken } from '@/lib/session';
import type { Answer } from '@/lib/contracts/sessions';

/** Spec §8: session create/update failures are only logged and give a null result. */
function logged(what: string, err: unknown): null {
  console.warn(`watch session ${what} failed`, err instanceof Error ? err.message : err);
  return null;
}

/** POST api/client/watchSession; the new session, or null. */
export async function createWatchSession(body: CreateWatchSessionBody): Promise<WatchSession | null> {
  try {
    const res = await api.post<Answer<WatchSession>>('api/client/watchSession', body);
    return res.data.success ? res.data.data : null;
  } catch (err) {
    return logged('create', err);
  }
}

/** PUT api/client/watchSession/{sessionId}; true on success, or null. */
export async function updateWatchSession(sessionId: string, body: UpdateWatchSessionBody): Promise<true | null> {
  try {
    const res = await api.put<Answer<WatchSession>>(`api/client/watchSession/${encodeURIComponent(sessionId)}`, body);
    return res.data.success ? true : null;
  } catch (err) {
    return logged('update', err);
  }
}

/** GET api/client/watchSession/active/{userId}: the user's open sessions (spec §7 defines it; use not shown). */
export async function fetchActiveWatchSessions(userId: string): Promise<WatchSession[] | null> {
  try {
    const res = await api.get<Answer<WatchSession[]>>(`api/client/watchSession/active/${encodeURIComponent(userId)}`);
    return res.data.data;
  } catch (err) {
    return logged('active list', err);
  }
}

/**
 * The last update when the page goes away (tab closed, reload): a keepalive fetch survives the unload, where an
 * axios request would be cancelled. Same headers as the one HTTP client.
 */
export function sendWatchSessionUpdateOnExit(sessionId: string, body: UpdateWatchSessionBody): void {
  const key = publicEnv.NEXT_PUBLIC_API_KEY;
  const token = readToken();
  if (!isUsableApiKey(key) || !token) return;
  try {
    void fetch(`/api/client/watchSession/${encodeURIComponent(sessionId)}`, {
      method: 'PUT',
      keepalive: true,
      headers: { 'content-type': 'application/json', key, authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }).catch((err) => logged('exit update', err));
  } catch (err) {
    logged('exit update', err);
  }
}
