import 'server-only';

/** Error codes the client reads (spec §8); E_USER_NOT_FOUND and E_UNAUTHORIZED make it clear local storage. */
export const ERROR_STATUS = {
  E_BAD_REQUEST: 400,
  E_VALIDATION: 422,
  E_API_KEY: 401,
  E_UNAUTHENTICATED: 401,
  E_UNAUTHORIZED: 403,
  E_FORBIDDEN: 403,
  E_LOCKED: 403,
  E_NOT_FOUND: 404,
  E_USER_NOT_FOUND: 404,
  E_CONFLICT: 409,
  /** Coins (issue 11): too few coins for an unlock (the answer's data carries balance, price, shortfall). */
  E_INSUFFICIENT_COINS: 402,
  /** An automatic unlock while the viewer has auto-unlock off. */
  E_AUTO_UNLOCK_OFF: 409,
  /** An automatic unlock past the viewer's daily cap. */
  E_AUTO_UNLOCK_CAP: 429,
  E_PAYLOAD_TOO_LARGE: 413,
  E_RATE_LIMITED: 429,
  E_INTERNAL: 500,
  /** A dependency (the database) does not answer in time: try again shortly. */
  E_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one error type domain code throws; the route wrapper turns it into `{status: false, message, code}`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Optional details the answer carries as `data` (e.g. `{balance, price, shortfall}` of E_INSUFFICIENT_COINS). */
  readonly data?: Record<string, unknown>;
  /** Whole seconds until trying again makes sense: the answer's `Retry-After` header (a 429's window). */
  readonly retryAfterSeconds?: number;

  constructor(code: ErrorCode, message: string, status: number = ERROR_STATUS[code], data?: Record<string, unknown>, opts: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    if (data !== undefined) this.data = data;
    if (opts.retryAfterSeconds !== undefined) this.retryAfterSeconds = Math.max(1, Math.ceil(opts.retryAfterSeconds));
  }
}
