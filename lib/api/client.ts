import axios, { AxiosError, type AxiosInstance } from 'axios';
import toast from 'react-hot-toast';
import { publicEnv } from '@/lib/public-env';
import { clearAll, readRaw, STORAGE_KEYS } from '@/lib/storage';

export const MISSING_API_KEY_MESSAGE = 'API key missing or invalid. Skipping real API call.';
export const GENERIC_ERROR = 'Something went wrong!';
export const NO_RESPONSE_ERROR = 'An unexpected error occurred.';

/** Codes after which the client forgets everything it stored (spec §8). */
const LOGOUT_CODES = new Set(['E_USER_NOT_FOUND', 'E_UNAUTHORIZED']);

/** A missing key, or one that still looks like a template value, means: do not call the backend at all. */
export function isUsableApiKey(key: string | undefined | null): boolean {
  if (!key || !key.trim()) return false;
  return !/^(your[-_ ]?|change[-_ ]?me|placeholder|xxx+|todo|<.*>|\$\{.*\})/i.test(key.trim());
}

export class SkippedCallError extends Error {
  readonly skipped = true;
  constructor() {
    super(MISSING_API_KEY_MESSAGE);
  }
}

/** The one HTTP client: `key` header and `Authorization: Bearer <token>` on every call (spec §7). */
export function createApiClient(apiKey: string | undefined = publicEnv.NEXT_PUBLIC_API_KEY): AxiosInstance {
  const client = axios.create({ baseURL: '/', timeout: 20_000, headers: { 'content-type': 'application/json' } });
  client.interceptors.request.use((config) => {
    if (!isUsableApiKey(apiKey)) throw new SkippedCallError();
    config.headers.set('key', apiKey);
    // A call may carry its own credential (the Firebase ID token of authenticateOrRegister): keep it.
    const token = readRaw(STORAGE_KEYS.token);
    if (!config.headers.has('Authorization') && token && token !== 'undefined' && token !== 'null') {
      config.headers.set('Authorization', `Bearer ${token}`);
    }
    return config;
  });
  return client;
}

export const api = createApiClient();

type ErrorBody = { message?: unknown; code?: unknown };

/** The messages an error should show, by spec §8 'Generic response handling'. */
export function errorMessages(error: unknown): string[] {
  if (error instanceof SkippedCallError) return [MISSING_API_KEY_MESSAGE];
  if (error instanceof AxiosError) {
    if (!error.response) return [NO_RESPONSE_ERROR];
    const message = (error.response.data as ErrorBody | undefined)?.message;
    if (typeof message === 'string' && message.trim()) return [message];
    if (Array.isArray(message) && message.length) return message.map(String);
    return [GENERIC_ERROR];
  }
  return [error instanceof Error && error.message ? error.message : GENERIC_ERROR];
}

export function errorCode(error: unknown): string | null {
  const code = error instanceof AxiosError ? (error.response?.data as ErrorBody | undefined)?.code : undefined;
  return typeof code === 'string' ? code : null;
}

/** E_USER_NOT_FOUND and E_UNAUTHORIZED void the stored session: everything stored is forgotten (spec §8). */
export function forgetSessionOn(error: unknown): void {
  const code = errorCode(error);
  if (code && LOGOUT_CODES.has(code)) clearAll();
}

/** Toasts what the error says and forgets the session when the server says it is void. */
export function handleApiError(error: unknown): string[] {
  const messages = errorMessages(error);
  for (const m of messages) toast.error(m);
  forgetSessionOn(error);
  return messages;
}
