import { errorMessages, isApiError, SkippedCallError } from '@/lib/api/errors';
import { INVALID_CREDENTIALS, INVALID_EMAIL, LOGIN_FAILED } from './messages';

const CREDENTIAL_CODES = new Set(['auth/invalid-credential', 'auth/wrong-password', 'auth/user-not-found', 'auth/invalid-login-credentials']);
const CREDENTIAL_TEXT = /invalid-credential|INVALID_LOGIN_CREDENTIALS|Incorrect password|User does not exist/i;

/**
 * Firebase errors whose own message is only "Firebase: Error (auth/…)." get a readable one; the spec shows "the error
 * message", and that text says nothing to a viewer.
 */
const CODE_MESSAGES: Record<string, string> = {
  'auth/email-already-in-use': 'An account with this email already exists. Please log in instead.',
  'auth/popup-closed-by-user': 'The sign-in window was closed.',
  'auth/cancelled-popup-request': 'The sign-in window was closed.',
  'auth/popup-blocked': 'The sign-in window was blocked. Please allow pop-ups and try again.',
  'auth/network-request-failed': 'We could not reach the sign-in service. Please check your connection and try again.',
  'auth/too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'auth/user-disabled': 'This account has been disabled.',
  'auth/operation-not-allowed': 'This sign-in method is not available.',
};

/** "Firebase: Password should be at least 6 characters (auth/weak-password)." → "Password should be at least 6 characters." */
function readable(message: string): string {
  const text = message
    .replace(/^Firebase:\s*/i, '')
    .replace(/\s*\(auth\/[\w-]+\)\.?\s*$/i, '')
    .trim();
  if (!text || /^error\.?$/i.test(text)) return '';
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The message a failed e-mail login shows: mapped identity errors, server messages as is, else the fallback. */
export function loginErrorMessage(error: unknown, fallback = LOGIN_FAILED): string {
  const code = (error as { code?: unknown })?.code;
  const message = (error as { message?: unknown })?.message;
  if (code === 'auth/invalid-email') return INVALID_EMAIL;
  if ((typeof code === 'string' && CREDENTIAL_CODES.has(code)) || (typeof message === 'string' && CREDENTIAL_TEXT.test(message))) {
    return INVALID_CREDENTIALS;
  }
  if (typeof code === 'string' && CODE_MESSAGES[code]) return CODE_MESSAGES[code];
  if (typeof message !== 'string' || !message.trim()) return fallback;
  return typeof code === 'string' && code.startsWith('auth/') ? readable(message) || fallback : message;
}

/**
 * Any failure of a login, sign-up or social login: backend answers (axios) are read as spec §8 'Generic response
 * handling' says (server message, else 'Something went wrong!'), then mapped like identity errors.
 */
export function authErrorMessage(error: unknown, fallback = LOGIN_FAILED): string {
  if (isApiError(error) || error instanceof SkippedCallError) {
    return loginErrorMessage({ message: errorMessages(error)[0] }, fallback);
  }
  return loginErrorMessage(error, fallback);
}
