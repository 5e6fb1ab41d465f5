import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { serverEnv } from '@/lib/env';
import { verifyAccessToken } from '@/lib/server/auth/access-token';
import { userFromTokenClaims } from '@/lib/server/auth/session';
import { getDb, isDatabaseUnavailable } from '@/lib/server/db/client';
import { log } from '@/lib/server/log';
import { checkRateLimit, clientIp, type RateLimit } from '@/lib/server/rate-limit';
import { hasRole } from '@/lib/server/auth/roles';
import type { UserRole } from '@/lib/server/db/schema';
import { requireUser } from '@/lib/server/users';
import { AppError } from './app-error';
import { hasControlChar } from '@/lib/contracts/text';

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
type UserRow = Awaited<ReturnType<typeof requireUser>>;

type Options<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, A extends AuthMode> = {
  body?: B;
  query?: Q;
  params?: P;
  /** 'none': no token looked at; 'optional': a valid token names the user, none means a guest; 'required': 401 without. */
  auth?: A;
  /** Check the `key` header (spec §7). Default true; the license and media endpoints of the player opt out. */
  apiKey?: boolean;
  rateLimit?: RateLimit;
  /** Largest accepted body in bytes (default 64 KiB). */
  maxBody?: number;
  /**
   * Studio calls (api/admin/**): the least role the user needs. Checked right after authentication, before any input
   * is parsed: a guest gets 401, a viewer (or an editor at an admin call) 403, whatever they send. Implies 'required'.
   */
  role?: StudioRole;
};

type AuthMode = 'none' | 'optional' | 'required';
type StudioRole = Exclude<UserRole, 'viewer'>;
type UserFor<A extends AuthMode> = A extends 'required' ? UserRow : UserRow | null;

/** What a handler reads, attached to it so that tools can enumerate every input of the API (the hostile-input sweep does). */
export type RouteInputs = { query?: z.ZodType; body?: z.ZodType; params?: z.ZodType; auth: AuthMode; role?: StudioRole; maxBody?: number };

export type HandlerInput<B, Q, P, U> = { req: NextRequest; body: B; query: Q; params: P; user: U };

const DEFAULT_MAX_BODY = 64 * 1024;
/** Values clients send for "no user" (spec §5: the user id falls back to 'anonymous'). */
const NO_USER = new Set(['', 'anonymous', 'undefined', 'null']);

/** `{status: false, message, code}` (plus `data` when the error carries details): the one error shape every endpoint answers (spec §8 'Generic response handling'). */
export function errorResponse(err: AppError): NextResponse {
  const headers = err.retryAfterSeconds === undefined ? undefined : { 'retry-after': String(err.retryAfterSeconds) };
  return NextResponse.json({ status: false, message: err.message, code: err.code, ...(err.data ? { data: err.data } : {}) }, { status: err.status, headers });
}

function zodMessage(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}

const tooLarge = () => new AppError('E_PAYLOAD_TOO_LARGE', 'Request body is too large.');

/**
 * The body's bytes, counted while they stream: a chunked body has no Content-Length to check first, and reading it
 * whole (`req.text()`) would buffer whatever a client cares to send. Past `max` the stream is cancelled, unread.
 */
async function readCapped(stream: ReadableStream<Uint8Array> | null, max: number): Promise<Uint8Array> {
  if (!stream) return new Uint8Array();
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return Buffer.concat(chunks, size);
      size += value.byteLength;
      if (size > max) {
        // Not awaited: the answer need not wait for the connection to wind down.
        reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    // The client went away or broke the framing mid-body: a bad request, not a server fault.
    throw new AppError('E_BAD_REQUEST', 'The request body could not be read.');
  }
}

/** A request's raw body, at most `max` bytes: a declared larger length is refused unread, the rest counted as it streams. */
export async function readBodyBytes(req: Request, max: number): Promise<Buffer> {
  if (Number(req.headers.get('content-length') ?? '0') > max) throw tooLarge();
  return Buffer.from(await readCapped(req.body, max));
}

async function readBody(req: NextRequest, max: number): Promise<unknown> {
  const bytes = await readBodyBytes(req, max);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('E_BAD_REQUEST', 'Malformed body: it is not valid UTF-8.');
  }
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('E_BAD_REQUEST', 'Malformed JSON body.');
  }
}


type WalkNode = { value: unknown; key: string | number | null; parent: WalkNode | null };

/** Names and keys are client-written: an error message quotes at most this much of one. */
const shorten = (name: string) => (name.length > 100 ? `${name.slice(0, 100)}…` : name);

/** 'deviceInfo.userAgent', 'kids.0': a path as zod's messages print it. */
function pathOf(node: WalkNode): string {
  const keys: (string | number)[] = [];
  for (let n: WalkNode | null = node; n && n.key !== null; n = n.parent) keys.push(n.key);
  return shorten(keys.reverse().join('.'));
}

/**
 * Where the first string, value or key, anywhere in `value` has a control character. A loop over its own stack, not
 * recursion: a 64 KiB JSON body can nest 30,000 deep and must not overflow the call stack (that would be a 500).
 */
function findControlChar(value: unknown): { path: string; inKey: boolean } | null {
  const stack: WalkNode[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const v = node.value;
    if (typeof v === 'string') {
      if (hasControlChar(v)) return { path: pathOf(node), inKey: false };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: node });
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      for (const [k] of entries) if (hasControlChar(k)) return { path: pathOf(node), inKey: true };
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], key: entries[i][0], parent: node });
    }
  }
  return null;
}

const controlCharError = (what: string, found: { path: string; inKey: boolean }) =>
  new AppError(
    'E_BAD_REQUEST',
    found.inKey
      ? `Invalid ${what}: a field name${found.path ? ` in ${found.path}` : ''} contains a control character.`
      : `Invalid ${what}: ${found.path || `the ${what}`} contains a control character.`,
  );

/**
 * The one rule for every string input, before any schema sees it: query names and values (every copy of a repeated
 * one, not only the copy zod gets), path parameters, and every string or key at any depth of the JSON body.
 */
function rejectControlChars(query: URLSearchParams, params: unknown, body: unknown): void {
  for (const [name, value] of query) {
    if (hasControlChar(name)) throw new AppError('E_BAD_REQUEST', 'Invalid query: a parameter name contains a control character.');
    if (hasControlChar(value)) throw controlCharError('query', { path: shorten(name), inKey: false });
  }
  const inParams = findControlChar(params);
  if (inParams) throw controlCharError('path', inParams);
  const inBody = findControlChar(body);
  if (inBody) throw controlCharError('body', inBody);
}

function parse<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('E_VALIDATION', `Invalid ${what}: ${zodMessage(result.error)}`);
  return result.data;
}

function checkApiKey(req: NextRequest): void {
  const sent = Buffer.from(req.headers.get('key') ?? '');
  const expected = Buffer.from(serverEnv().API_KEY);
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
    throw new AppError('E_API_KEY', 'API key missing or invalid.');
  }
}

/** The Bearer token, or null when there is none or it is a "no user" placeholder. */
function bearerToken(req: NextRequest): string | null {
  const token = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1]?.trim();
  return token && !NO_USER.has(token) ? token : null;
}

/** What the token says: its user, the error it earns, or nothing (a guest, or a route that looks at no token). */
type TokenVerdict = { userId: string } | AppError | null;

/**
 * Checks the token's signature (no database) ahead of the rate limit, so that the limit can be the user's. A bad
 * token's error waits until the limit has counted the call against the client's address, so that forging tokens
 * neither escapes the limit nor spends someone else's. Routes that take no product token (sign-in sends a Firebase
 * ID token) count per address.
 */
async function readToken(req: NextRequest, mode: AuthMode): Promise<TokenVerdict> {
  const token = mode === 'none' ? null : bearerToken(req);
  if (!token) return null;
  try {
    return await verifyAccessToken(token);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}

async function authenticate(verdict: TokenVerdict, mode: AuthMode): Promise<UserRow | null> {
  if (verdict instanceof AppError) throw verdict;
  if (!verdict) {
    if (mode === 'required') throw new AppError('E_UNAUTHENTICATED', 'Please login first');
    return null;
  }
  // The signature was checked by readToken; this loads the user and refuses a token whose version is not theirs.
  return userFromTokenClaims(await getDb(), verdict);
}

/** Long enough for `user:` and any id or address; the address part is client-written and the key is stored. */
const MAX_LIMIT_KEY = 128;

/**
 * Whose limit a call counts against: a signed-in user's own, so that the many viewers a Philippine carrier puts
 * behind one NAT address do not share (or exhaust) one limit; a guest's client address otherwise.
 */
export function rateLimitKey(userId: string | null, headers: Headers): string {
  return (userId ? `user:${userId}` : `ip:${clientIp(headers)}`).slice(0, MAX_LIMIT_KEY);
}

/** A `userId` the client sends (query or body) must name the token's user: the user always comes from the token. */
function checkUserIdParam(user: UserRow | null, ...sources: unknown[]): void {
  for (const source of sources) {
    if (!source || typeof source !== 'object' || !('userId' in source)) continue;
    const claimed = (source as { userId: unknown }).userId;
    if (claimed === undefined || claimed === null || (typeof claimed === 'string' && NO_USER.has(claimed))) continue;
    if (!user || claimed !== user.id) throw new AppError('E_UNAUTHORIZED', 'You are not allowed to act for this user.');
  }
}

/**
 * The one wrapper for route handlers: API key, rate limit (per user when signed in, else per address), strings free
 * of control characters, authentication from the Bearer token, input parsed with zod, `userId` ownership; AppError
 * becomes its status, anything unexpected a generic 500 (detail to the log only).
 */
export function route<
  B extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  P extends z.ZodType = z.ZodUnknown,
  A extends AuthMode = 'none',
>(
  options: Options<B, Q, P, A>,
  fn: (input: HandlerInput<z.infer<B>, z.infer<Q>, z.infer<P>, UserFor<A>>) => Promise<Response> | Response,
) {
  const handler = async (req: NextRequest, ctx: RouteContext): Promise<Response> => {
    try {
      if (options.apiKey !== false) checkApiKey(req);
      const auth = options.role ? 'required' : (options.auth ?? 'none');
      const token = await readToken(req, auth);
      if (options.rateLimit) {
        await checkRateLimit(options.rateLimit, rateLimitKey(token && !(token instanceof AppError) ? token.userId : null, req.headers));
      }
      const rawQuery = Object.fromEntries(req.nextUrl.searchParams);
      const rawBody = options.body ? await readBody(req, options.maxBody ?? DEFAULT_MAX_BODY) : undefined;
      const rawParams = await ctx.params;
      rejectControlChars(req.nextUrl.searchParams, rawParams, rawBody);
      const user = await authenticate(token, auth);
      if (options.role && !hasRole(user, options.role)) throw new AppError('E_FORBIDDEN', 'You do not have access to this part of the studio.');
      checkUserIdParam(user, rawQuery, rawBody);
      const params = options.params ? parse(options.params, rawParams, 'path') : rawParams;
      const query = options.query ? parse(options.query, rawQuery, 'query') : rawQuery;
      const body = options.body ? parse(options.body, rawBody, 'body') : undefined;
      return await fn({ req, body, query, params, user } as HandlerInput<z.infer<B>, z.infer<Q>, z.infer<P>, UserFor<A>>);
    } catch (err) {
      if (err instanceof AppError) return errorResponse(err);
      // A database that does not answer in time is not a bug: say 'try again' with 503, which clients and load
      // balancers retry, rather than a 500.
      if (isDatabaseUnavailable(err)) {
        log.warn('database unavailable', { path: req.nextUrl.pathname, err: err instanceof Error ? err.message.slice(0, 200) : String(err) });
        return errorResponse(new AppError('E_UNAVAILABLE', 'The service is busy. Please try again in a moment.'));
      }
      log.error('unhandled error in route', { path: req.nextUrl.pathname, err });
      return errorResponse(new AppError('E_INTERNAL', 'Something went wrong. Please try again later.'));
    }
  };
  const inputs: RouteInputs = { query: options.query, body: options.body, params: options.params, auth: options.role ? 'required' : (options.auth ?? 'none'), role: options.role, maxBody: options.maxBody };
  return Object.assign(handler, { inputs });
}
