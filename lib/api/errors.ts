import type { AxiosError } from 'axios';
import toast from 'react-hot-toast/headless';
import { clearAll } from '@/lib/storage';

/** What a failed API call means for the viewer (spec §8 'Generic response handling'): messages, codes, toasts. */

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
