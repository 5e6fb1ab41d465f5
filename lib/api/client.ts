import type { AxiosError, AxiosInstance, AxiosRequestConfig } from 'axios';
import toast from 'react-hot-toast';
import { clearAll } from '@/lib/storage';

export const MISSING_API_KEY_MESSAGE = 'API key missing or invalid. Skipping real API call.';
export const GENERIC_ERROR = 'Something went wrong!';
export const NO_RESPONSE_ERROR = 'An unexpected error occurred.';

/** The toast id of 'your session has ended' answers: many calls failing at once show it once. */
const SESSION_ENDED_TOAST = 'session-ended';

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

let instance: Promise<AxiosInstance> | null = null;

/** axios is a chunk of its own, fetched with the first call, so pages become interactive without waiting for it. */
function client(): Promise<AxiosInstance> {
  instance ??= import('./axios-client').then(
    (m) => m.createApiClient(),
    (err: unknown) => {
      instance = null; // a failed chunk load may be retried
      throw err;
    },
  );
  return instance;
}

/** The one HTTP client (see axios-client.ts): `key` header and `Authorization: Bearer <token>` on every call. */
export const api = {
  get: <T>(url: string, config?: AxiosRequestConfig) => client().then((c) => c.get<T>(url, config)),
  delete: <T>(url: string, config?: AxiosRequestConfig) => client().then((c) => c.delete<T>(url, config)),
  post: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) => client().then((c) => c.post<T>(url, data, config)),
  put: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) => client().then((c) => c.put<T>(url, data, config)),
  patch: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) => client().then((c) => c.patch<T>(url, data, config)),
};

/** An error from the API client (axios marks its errors; no import of axios needed to tell). */
export function isApiError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

/** A call aborted through its AbortSignal. */
export const isCanceled = (error: unknown) => isApiError(error) && error.code === 'ERR_CANCELED';

type ErrorBody = { message?: unknown; code?: unknown };

/** The messages an error should show, by spec §8 'Generic response handling'. */
export function errorMessages(error: unknown): string[] {
  if (error instanceof SkippedCallError) return [MISSING_API_KEY_MESSAGE];
  if (isApiError(error)) {
    if (!error.response) return [NO_RESPONSE_ERROR];
    const message = (error.response.data as ErrorBody | undefined)?.message;
    if (typeof message === 'string' && message.trim()) return [message];
    if (Array.isArray(message) && message.length) return message.map(String);
    return [GENERIC_ERROR];
  }
  return [error instanceof Error && error.message ? error.message : GENERIC_ERROR];
}

export function errorCode(error: unknown): string | null {
  const code = isApiError(error) ? (error.response?.data as ErrorBody | undefined)?.code : undefined;
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
  const sessionEnded = errorCode(error) === 'E_UNAUTHENTICATED';
  for (const m of messages) {
    if (sessionEnded) toast.error(m, { id: SESSION_ENDED_TOAST });
    else toast.error(m);
  }
  forgetSessionOn(error);
  return messages;
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
