import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { serverEnv } from '@/lib/env';
import { verifyAccessToken } from '@/lib/server/auth/access-token';
import { getDb } from '@/lib/server/db/client';
import { log } from '@/lib/server/log';
import { checkRateLimit, clientIp, type RateLimit } from '@/lib/server/rate-limit';
import { requireUser } from '@/lib/server/users';
import { AppError } from './app-error';

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
};

type AuthMode = 'none' | 'optional' | 'required';
type UserFor<A extends AuthMode> = A extends 'required' ? UserRow : UserRow | null;

export type HandlerInput<B, Q, P, U> = { req: NextRequest; body: B; query: Q; params: P; user: U };

const DEFAULT_MAX_BODY = 64 * 1024;
/** Values clients send for "no user" (spec §5: the user id falls back to 'anonymous'). */
const NO_USER = new Set(['', 'anonymous', 'undefined', 'null']);

/** `{status: false, message, code}`: the one error shape every endpoint answers (spec §8 'Generic response handling'). */
export function errorResponse(err: AppError): NextResponse {
  return NextResponse.json({ status: false, message: err.message, code: err.code }, { status: err.status });
}

function zodMessage(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}

async function readBody(req: NextRequest, max: number): Promise<unknown> {
  const length = Number(req.headers.get('content-length') ?? '0');
  if (length > max) throw new AppError('E_PAYLOAD_TOO_LARGE', 'Request body is too large.');
  const text = await req.text();
  if (Buffer.byteLength(text) > max) throw new AppError('E_PAYLOAD_TOO_LARGE', 'Request body is too large.');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('E_BAD_REQUEST', 'Malformed JSON body.');
  }
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

async function authenticate(req: NextRequest, mode: AuthMode): Promise<UserRow | null> {
  if (mode === 'none') return null;
  const header = req.headers.get('authorization') ?? '';
  const token = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
  if (!token || NO_USER.has(token)) {
    if (mode === 'required') throw new AppError('E_UNAUTHENTICATED', 'Please login first');
    return null;
  }
  const { userId } = await verifyAccessToken(token);
  return requireUser(await getDb(), userId);
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
 * The one wrapper for route handlers: API key, rate limit, authentication from the Bearer token, input parsed with
 * zod, `userId` ownership; AppError becomes its status, anything unexpected a generic 500 (detail to the log only).
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
  return async (req: NextRequest, ctx: RouteContext): Promise<Response> => {
    try {
      if (options.apiKey !== false) checkApiKey(req);
      if (options.rateLimit) await checkRateLimit(options.rateLimit, clientIp(req.headers));
      const rawQuery = Object.fromEntries(req.nextUrl.searchParams);
      const rawBody = options.body ? await readBody(req, options.maxBody ?? DEFAULT_MAX_BODY) : undefined;
      const user = await authenticate(req, options.auth ?? 'none');
      checkUserIdParam(user, rawQuery, rawBody);
      const params = options.params ? parse(options.params, await ctx.params, 'path') : await ctx.params;
      const query = options.query ? parse(options.query, rawQuery, 'query') : rawQuery;
      const body = options.body ? parse(options.body, rawBody, 'body') : undefined;
      return await fn({ req, body, query, params, user } as HandlerInput<z.infer<B>, z.infer<Q>, z.infer<P>, UserFor<A>>);
    } catch (err) {
      if (err instanceof AppError) return errorResponse(err);
      log.error('unhandled error in route', { path: req.nextUrl.pathname, err });
      return errorResponse(new AppError('E_INTERNAL', 'Something went wrong. Please try again later.'));
    }
  };
}
