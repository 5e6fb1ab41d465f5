/** Local-storage keys of spec §3, and safe JSON access (storage may be unavailable or hold junk). */
export const STORAGE_KEYS = {
  isAuth: 'isAuth',
  user: 'user',
  token: 'token',
  anonymousUser: 'anonymousUser',
  isAnonymous: 'isAnonymous',
  lastLoginType: 'loginType',
  fcmToken: 'fcmToken',
  watchHistory: 'watchHistory',
  paymentUrl: 'paymentUrl',
  pendingPayment: 'pendingPaymentData',
  paymentSessionId: 'paymentSessionId',
  /** Not in spec §3: the locked episode a top-up was started from ('Unlock' with too few coins), see store/coins/unlock-intent.ts. */
  unlockAfterTopUp: 'unlockAfterTopUp',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readRaw(key: StorageKey): string | null {
  return store()?.getItem(key) ?? null;
}

export function readJson<T>(key: StorageKey): T | null {
  const raw = readRaw(key);
  if (raw === null || raw === 'undefined' || raw === 'null') return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function write(key: StorageKey, value: unknown): void {
  try {
    store()?.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // quota or privacy mode: the app keeps working without persistence
  }
}

export function remove(...keys: StorageKey[]): void {
  for (const key of keys) store()?.removeItem(key);
}

export function clearAll(): void {
  store()?.clear();
}
