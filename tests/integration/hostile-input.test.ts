import { readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq, gt } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { categories, movieSeries, videos, vipPlans, type UserRole } from '@/lib/server/db/schema';
import { seedId } from '@/lib/server/db/seed';
import { clearKeyRequestSchema } from '@/lib/server/drm/clearkey';
import type { RouteInputs } from '@/lib/server/http/handler';
import { openAppDb } from '../fixtures/app-db';
import { API_KEY, call } from '../fixtures/http';
import { makeUser } from '../fixtures/users';

/**
 * Every route handler under app/api, found on disk, gets the malformed values an attacker would try in every input
 * it reads (query, path, each JSON field at any depth, the body as a whole), as a guest, signed in and with a forged
 * token. Every answer must be a 4xx `{status: false, message}` (or a 2xx where the value is harmless, such as an
 * ignored parameter) and never a 5xx; a control character must be a 400 naming the field. The inputs come from the
 * schemas the `route()` wrapper carries, so a new route or field is swept without editing this file.
 */

const appDb = openAppDb({ seed: true });
afterAll(() => appDb.close());

const API_DIR = path.resolve('app/api');
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const ROUTE_FILES = (readdirSync(API_DIR, { recursive: true }) as string[]).filter((f) => /(^|[/\\])route\.(ts|tsx|js)$/.test(f)).sort();

type Handler = ((req: NextRequest, ctx: { params: Promise<Record<string, unknown>> }) => Promise<Response>) & { inputs?: RouteInputs };
type Field = (string | number)[];
type Who = { name: 'guest' | 'signed-in' | 'forged token'; token?: string; userId?: string; sessionId?: string };
type Answer = { status: number; json: Record<string, unknown> };

/** A query value, URL-encoded as it arrives; `control`: the control-character rule must answer exactly 400. */
type Probe = { label: string; control?: boolean };
const QUERY_VALUES: (Probe & { raw: string })[] = [
  { label: 'NUL', raw: '%00', control: true },
  { label: 'NUL inside', raw: 'ab%00cd', control: true },
  { label: 'SOH', raw: '%01', control: true },
  { label: 'ESC', raw: '%1B', control: true },
  { label: 'DEL', raw: '%7F', control: true },
  // Invalid UTF-8 in a URL decodes to U+FFFD, which is harmless.
  { label: 'lone surrogate as raw bytes', raw: '%ED%A0%80' },
  { label: '10 KB', raw: 'a'.repeat(10_240) },
  { label: 'empty', raw: '' },
  { label: 'negative', raw: '-1' },
  { label: '1e309', raw: '1e309' },
  { label: 'huge', raw: '99999999999999999999' },
  { label: 'fraction', raw: '1.5' },
  { label: 'NaN', raw: 'NaN' },
  { label: 'hex', raw: '0x10' },
  { label: 'word', raw: 'abc' },
  { label: 'boolean', raw: 'true' },
  { label: 'JSON object', raw: encodeURIComponent('{"$gt":""}') },
  { label: 'JSON array', raw: encodeURIComponent('[]') },
  { label: 'SQL', raw: encodeURIComponent("' OR 1=1 --") },
  { label: 'path', raw: encodeURIComponent('../../etc/passwd') },
  { label: 'stray percent', raw: '%' },
  { label: 'broken escape', raw: '%E0%A4%A' },
];

/** A JSON fragment put in place of one field of a valid body. */
const BODY_VALUES: (Probe & { json: string })[] = [
  { label: 'NUL', json: '"\\u0000"', control: true },
  { label: 'NUL inside', json: '"ab\\u0000cd"', control: true },
  { label: 'ESC', json: '"\\u001b"', control: true },
  { label: 'DEL', json: '"\\u007f"', control: true },
  { label: 'lone high surrogate', json: '"\\ud800"', control: true },
  { label: 'lone low surrogate', json: '"x\\udc00"', control: true },
  { label: 'NUL nested in an array in an object', json: '{"a":["ok","\\u0000"]}', control: true },
  { label: 'NUL in a key', json: '{"\\u0000":1}', control: true },
  { label: '10 KB', json: `"${'a'.repeat(10_240)}"` },
  { label: 'array', json: '[1,2]' },
  { label: 'array of strings', json: '["a","b"]' },
  { label: 'object', json: '{}' },
  { label: 'operator object', json: '{"$gt":""}' },
  { label: 'boolean', json: 'true' },
  { label: 'null', json: 'null' },
  { label: 'negative', json: '-1' },
  { label: '1e309', json: '1e309' },
  { label: 'huge', json: '99999999999999999999' },
  { label: 'fraction', json: '1.5' },
  { label: 'numeric string', json: '"1"' },
  { label: 'empty string', json: '""' },
];

const PATH_VALUES: (Probe & { value: string | string[] })[] = [
  { label: 'NUL', value: '\u0000', control: true },
  { label: 'NUL inside', value: 'ab\u0000cd', control: true },
  { label: 'DEL', value: '\u007f', control: true },
  { label: 'lone surrogate', value: '\ud800', control: true },
  { label: '10 KB', value: 'a'.repeat(10_240) },
  { label: 'negative', value: '-1' },
  { label: '1e309', value: '1e309' },
  { label: 'huge', value: '99999999999999999999' },
  { label: 'empty', value: '' },
  { label: 'dots', value: '..' },
  { label: 'array', value: ['a', 'b'] },
];

const encoder = new TextEncoder();
/** Bodies as a whole: text, raw bytes, or a stream without Content-Length (chunked), built anew for each send. */
const WHOLE_BODIES: (Probe & { body: () => string | Uint8Array | ReadableStream<Uint8Array>; expect?: number; overLimit?: boolean })[] = [
  { label: 'malformed JSON', body: () => '{nope', expect: 400 },
  { label: 'truncated JSON', body: () => '{"a":', expect: 400 },
  { label: 'array instead of object', body: () => '[]' },
  { label: 'array of objects', body: () => '[{}]' },
  { label: 'string', body: () => '"x"' },
  { label: 'number 1e309', body: () => '1e309' },
  { label: 'null', body: () => 'null' },
  { label: 'empty', body: () => '' },
  { label: 'invalid UTF-8', body: () => Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]), expect: 400 },
  { label: 'lone surrogate as raw bytes', body: () => Uint8Array.from([0x22, 0xed, 0xa0, 0x80, 0x22]), expect: 400 },
  { label: 'NUL in a top-level key', body: () => '{"\\u0000":1}', control: true },
  { label: 'deeply nested arrays', body: () => '['.repeat(400) + ']'.repeat(400) },
  { label: 'chunked body over the limit', body: () => chunked(80 * 1024), expect: 413, overLimit: true },
];

/** `total` bytes of a JSON string in 1 KiB chunks, with no Content-Length: the way a chunked upload arrives. */
function chunked(total: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent === 0) controller.enqueue(encoder.encode('"'));
      if (sent >= total) {
        controller.enqueue(encoder.encode('"'));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode('a'.repeat(1024)));
      sent += 1024;
    },
  });
}

/** The fields a zod schema reads, at every depth (`deviceInfo`, `deviceInfo.userAgent`, `kids.0`). */
function fieldsOf(schema: z.ZodType | undefined, prefix: Field = []): Field[] {
  if (!schema) return [];
  // zod 4 keeps each schema's definition on `_zod.def`; only the wrappers that hold the fields matter here.
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return fieldsOf(def.innerType as z.ZodType, prefix);
    case 'pipe':
      return fieldsOf(def.in as z.ZodType, prefix);
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([k, v]) => [[...prefix, k], ...fieldsOf(v, [...prefix, k])]);
    case 'array':
      return [[...prefix, 0], ...fieldsOf(def.element as z.ZodType, [...prefix, 0])];
    default:
      return [];
  }
}

/**
 * Handlers that do not carry the `route()` wrapper's `inputs`, and what they read: `null` for a handler written
 * without the wrapper; the DRM routes put it inside `whenClearKeyServed`, which hides the property, so their schemas
 * are named here. A handler neither carrying nor listed fails the sweep, so no route goes unswept.
 */
const INPUTS_NOT_CARRIED: Record<string, RouteInputs | null> = {
  'health/route.ts': null,
  'drm/clearkey/[videoId]/route.ts': { params: z.object({ videoId: z.string() }), body: clearKeyRequestSchema, auth: 'optional' },
  'drm/hls-key/[videoId]/route.ts': { params: z.object({ videoId: z.string() }), auth: 'optional' },
};

/** Fields a handler reads from a body its wrapper only takes as `z.unknown()` (it parses them itself). */
const FIELDS_PARSED_INSIDE: Record<string, Field[]> = {};
/** A parameter no route reads: NUL there is refused too, anything else is ignored. */
const UNREAD: Field = ['unreadParameter'];

let ids: { series: string; video: string; category: string; kid: string; plan: string };
let guest: Who;
let signedIn: Who;
let forged: Who;

/** Valid values by field name, so that each probe changes one field of an otherwise good request. */
function validValues(who: Who): Record<string, unknown> {
  return {
    userId: who.userId,
    id: who.userId ?? 'ffffffffffffffffffffffff',
    days: 1,
    videoId: ids.video,
    movieSeriesId: ids.series,
    categoryId: ids.category,
    episodeNumber: '1',
    searchString: 'pag-ibig',
    start: 1,
    limit: 5,
    moviesStart: 1,
    moviesLimit: 2,
    movieSeriesType: 1,
    orientation: 'landscape',
    rating: 4,
    sessionId: who.sessionId ?? 'ffffffffffffffffffffffff',
    sessionStartTime: new Date().toISOString(),
    deviceInfo: { userAgent: 'vitest', platform: 'Linux', screenResolution: '1920x1080', viewport: '1440x900', isMobile: false },
    videoQuality: 'auto',
    isPaused: false,
    kids: [ids.kid],
    type: 'temporary',
    loginType: 5,
    identity: 'viewer@example.ph',
    email: 'viewer@example.ph',
    name: 'Viewer',
    gateway: 'sandbox',
    provider: 'sandbox',
    vipPlanId: ids.plan,
    paymentMethod: 'gc',
    userInfo: { fname: 'Juan', lname: 'Dela Cruz', email: 'viewer@example.ph', phone: '', mobile: '', dob: '' },
    billingMode: 'one_time',
    linkId: 'PAYMENT_1767225600000_aaaaaaaaaaaaaaaa',
    requestId: 'PAYMENT_1767225600000_aaaaaaaaaaaaaaaa',
    paymentId: 'ffffffffffffffffffffffff',
    page: 1,
    size: 5,
    shortVideoId: ids.video,
    coinPlanId: seedId('coin_plan', '100+0'),
    processPayment: 'processSandboxPayment',
    paymentGateway: 'sandbox',
    auto: false,
    enabled: true,
    capKind: 'episodes',
    capValue: 3,
  };
}

/**
 * The studio's own names for fields the viewer API also has (a title's `type` is 'movie' or 'series', an episode's
 * number is a number), and its fields the viewer API lacks.
 */
function studioValues(): Record<string, unknown> {
  return {
    titleId: ids.series,
    type: 'series',
    episodeNumber: 1,
    seasonNumber: 1,
    releaseYear: 2026,
    action: 'publish',
    kind: 'poster',
    isActive: true,
    priceCentavos: 4900,
    subscriptionType: 'daily',
    validityDays: 7,
    coins: 10,
    bonusCoins: 0,
    role: 'editor',
    q: 'a',
    entity: 'vip_plan',
    entityId: 'x',
    actor: 'a',
  };
}

/** Top-level fields of an object schema that have a valid value (optional ones without one are left out). */
function validObject(fields: Field[], who: Who, studio = false): Record<string, unknown> {
  const values = { ...validValues(who), ...(studio ? studioValues() : {}) };
  const out: Record<string, unknown> = {};
  for (const [name] of fields.filter((f) => f.length === 1)) if (values[name] !== undefined) out[name] = values[name];
  return out;
}

const PLACEHOLDER = '__hostile_value__';
/** The body with `field` replaced by the raw JSON `fragment` (created, with its parents, if absent). */
function bodyWith(base: Record<string, unknown>, field: Field, fragment: string): string {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let at = copy;
  for (let i = 0; i < field.length - 1; i++) {
    const key = field[i];
    if (typeof at[key] !== 'object' || at[key] === null) at[key] = typeof field[i + 1] === 'number' ? [] : {};
    at = at[key] as Record<string | number, unknown>;
  }
  at[field[field.length - 1]] = PLACEHOLDER;
  return JSON.stringify(copy).replace(`"${PLACEHOLDER}"`, () => fragment);
}

function queryString(values: Record<string, unknown>, override?: { name: string; raw: string[] }): string {
  const parts = Object.entries(values)
    .filter(([k]) => k !== override?.name)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`);
  if (override) parts.push(...override.raw.map((raw) => `${override.name}=${raw}`));
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Sends a request, built anew for a retry; a 429 moves the clock past the limit's window and tries once more. */
async function send(handler: Handler, build: () => NextRequest, params: Record<string, unknown>): Promise<Answer> {
  for (let attempt = 0; ; attempt++) {
    const res = await handler(build(), { params: Promise.resolve(params) });
    const text = await res.text();
    if (res.status === 429 && attempt === 0) {
      vi.setSystemTime(Date.now() + 61_000);
      continue;
    }
    let json: Record<string, unknown> = {};
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = { notJson: text.slice(0, 80) };
    }
    return { status: res.status, json };
  }
}

function request(method: string, url: string, who: Who, body?: string | Uint8Array | ReadableStream<Uint8Array>): NextRequest {
  const headers: Record<string, string> = { key: API_KEY };
  if (who.token) headers.authorization = `Bearer ${who.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new NextRequest(new URL(url, 'http://localhost'), {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as ConstructorParameters<typeof NextRequest>[1]);
}

/** What is wrong with one answer, or null. */
function verdict(answer: Answer, probe: Probe & { expect?: number }, wrapped: boolean, field?: string): string | null {
  const { status, json } = answer;
  if (status >= 500) return `${status} ${JSON.stringify(json).slice(0, 120)}`;
  if (status >= 300 && status < 400) return `${status} (a redirect)`;
  if (status >= 400 && (json.status !== false || typeof json.message !== 'string' || json.message === '')) {
    return `${status} without {status:false, message}: ${JSON.stringify(json).slice(0, 120)}`;
  }
  if (!wrapped) return null;
  if (probe.control) {
    if (status !== 400) return `${status} for a control character (want 400): ${JSON.stringify(json).slice(0, 120)}`;
    if (field !== undefined && !String(json.message).includes(field)) return `400 whose message does not name ${field}: ${json.message}`;
  }
  if (probe.expect !== undefined && status !== probe.expect) return `${status} (want ${probe.expect}): ${JSON.stringify(json).slice(0, 120)}`;
  return null;
}

beforeAll(async () => {
  // Only Date is faked: `send` moves it past rate-limit windows, so the limits never hide what comes after them.
  vi.useFakeTimers({ toFake: ['Date'] });
  const db = await appDb.db();
  const [series] = await db.select({ id: movieSeries.id }).from(movieSeries).where(eq(movieSeries.slug, 'lihim-ng-bilyonaryo'));
  const [video] = await db
    .select({ id: videos.id, drmKeyId: videos.drmKeyId })
    .from(videos)
    .where(and(eq(videos.movieSeriesId, series.id), eq(videos.isPremium, false), gt(videos.episodeNumber, 0)))
    .limit(1);
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  const [plan] = await db.select({ id: vipPlans.id }).from(vipPlans).where(eq(vipPlans.subscriptionType, 'monthly'));
  ids = { series: series.id, video: video.id, category: category.id, kid: Buffer.from(video.drmKeyId, 'hex').toString('base64url'), plan: plan.id };

  guest = { name: 'guest' };
});

/**
 * A signed-in viewer with a watch session, and the same token with another signature (it names them, and must earn a
 * 4xx, never a 5xx). Made anew for every route: some end their user (deleteAccount, logoutEverywhere).
 */
async function signedInViewers(role: UserRole = 'viewer'): Promise<{ signedIn: Who; forged: Who }> {
  const user = await makeUser(await appDb.db(), { role });
  const { POST: start } = await import('@/app/api/client/watchSession/route');
  const started = await call(start, '/api/client/watchSession', {
    method: 'POST',
    token: user.token,
    body: { userId: user.id, videoId: ids.video, sessionStartTime: new Date().toISOString() },
  });
  expect(started.status).toBe(201);
  const signedIn: Who = { name: 'signed-in', token: user.token, userId: user.id, sessionId: started.json.data._id };
  return { signedIn, forged: { ...signedIn, name: 'forged token', token: `${user.token.slice(0, user.token.lastIndexOf('.'))}.AAAA` } };
}

afterAll(() => {
  vi.useRealTimers();
});

/** Signed-in requests with valid values that do not answer 2xx, and why: everything else must, so the probes reach the code behind validation. */
const BASE_NOT_2XX: Record<string, { status: number; why: string }> = {
  'client/user/authenticateOrRegister/route.ts': { status: 401, why: 'signs in with a Firebase ID token, which the sweep does not hold' },
  '[gateway]/subscription/check-payment/route.ts': { status: 404, why: 'the viewer has no payment of that id (tests/integration/payments.test.ts covers 2xx)' },
  '[gateway]/subscription/process-payment/route.ts': { status: 404, why: 'the viewer has no payment of that id (tests/integration/payments.test.ts covers 2xx)' },
  'client/payments/receipts/[paymentId]/route.ts': { status: 404, why: 'the viewer has no paid payment of that id' },
  'client/user/subscribe/route.ts': { status: 409, why: 'the viewer has no paid VIP payment to apply: the client\'s word never grants VIP' },
  'payments/webhook/[provider]/route.ts': { status: 401, why: 'a gateway webhook needs its signature, which the sweep does not make' },
  'client/premiumVideo/[videoId]/info/route.ts': { status: 404, why: 'the sweep\'s video is a free episode, not sold as a premium video (tests/integration/premium.test.ts covers 2xx)' },
  'client/premiumVideo/generate-payment-link/route.ts': { status: 404, why: 'the sweep\'s video is not for sale (tests/integration/premium.test.ts covers 2xx)' },
  'client/premiumVideo/generate-qr-payment-link/route.ts': { status: 404, why: 'the sweep\'s video is not for sale (tests/integration/premium.test.ts covers 2xx)' },
  'client/coinplan/recordCoinPlanHistory/route.ts': { status: 409, why: 'the viewer has no paid coin purchase to record: the client\'s word never credits coins (tests/integration/coins.test.ts covers 2xx)' },
  'client/shortVideo/unlockAllRemaining/route.ts': { status: 402, why: 'the viewer has no coins for the series\' locked episodes (tests/integration/coins.test.ts covers 2xx)' },
  [path.join('admin', 'uploads', '[[...path]]', 'route.ts')]: { status: 412, why: 'a tus request without the Tus-Resumable header (tests/integration/studio-ingest.test.ts speaks the protocol)' },
  'client/premiumPayment/payment-success/route.ts': { status: 409, why: 'the viewer has no paid premium payment to confirm: the client\'s word never grants access' },
};

describe('hostile input on every route handler', () => {
  it('finds the route handlers', () => {
    expect(ROUTE_FILES.length).toBeGreaterThanOrEqual(20);
  });

  it.each(ROUTE_FILES)('%s', async (file) => {
    // The studio's routes (api/admin/**) are swept as an admin, so the probes get past the role check to the input.
    const studio = file.startsWith(`admin${path.sep}`);
    ({ signedIn, forged } = await signedInViewers(studio ? 'admin' : 'viewer'));
    const mod = (await import(path.join(API_DIR, file))) as Record<string, unknown>;
    const handlers = METHODS.filter((m) => typeof mod[m] === 'function').map((m) => [m, mod[m] as Handler] as const);
    expect(handlers.length, 'exports an HTTP method').toBeGreaterThan(0);
    const pathParams = [...file.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]);
    const failures: string[] = [];
    let sent = 0;

    for (const [method, handler] of handlers) {
      if (!handler.inputs && !(file in INPUTS_NOT_CARRIED)) failures.push(`${method} carries no route() inputs and is not in INPUTS_NOT_CARRIED`);
      const inputs = handler.inputs ?? INPUTS_NOT_CARRIED[file] ?? undefined;
      const wrapped = inputs !== undefined;
      const queryFields = [...fieldsOf(inputs?.query).filter((f) => f.length === 1), UNREAD];
      const bodyFields = inputs?.body ? [...fieldsOf(inputs.body), ...(FIELDS_PARSED_INSIDE[file] ?? [])] : [];
      const takesBody = inputs?.body !== undefined && method !== 'GET' && method !== 'HEAD';

      for (const who of [guest, signedIn, forged]) {
        const values = { ...validValues(who), ...(studio ? studioValues() : {}) };
        const params = Object.fromEntries(pathParams.map((p) => [p, values[p] ?? 'x']));
        const query = validObject(fieldsOf(inputs?.query), who, studio);
        const body = takesBody ? validObject(bodyFields, who, studio) : undefined;
        const dir = `/api/${path.dirname(file)}`;
        const base = `${dir}${queryString(query)}`;
        const tag = `${method} as ${who.name}`;
        const go = async (label: string, probe: Probe & { expect?: number }, build: () => NextRequest, p = params, field?: string) => {
          sent++;
          const problem = verdict(await send(handler, build, p), probe, wrapped, field);
          if (problem) failures.push(`${tag} ${label}: ${problem}`);
        };

        const baseAnswer = await send(handler, () => request(method, base, who, body && JSON.stringify(body)), params);
        if (baseAnswer.status >= 500) failures.push(`${tag} with valid values: ${baseAnswer.status}`);
        if (who === signedIn) {
          const want = BASE_NOT_2XX[file]?.status;
          // A studio call with the sweep's values may name no row (a placeholder id: 404), conflict (409) or miss a
          // field only a real form fills (422): the role check let it in, which is what this base request must show.
          // Their 2xx paths are covered by tests/integration/studio-*.test.ts.
          const good =
            want !== undefined ? baseAnswer.status === want : studio ? baseAnswer.status < 300 || [404, 409, 422].includes(baseAnswer.status) : baseAnswer.status < 300;
          if (!good) failures.push(`${tag} with valid values answers ${baseAnswer.status} ${JSON.stringify(baseAnswer.json).slice(0, 160)}`);
        }

        for (const [name] of queryFields) {
          const field = String(name);
          for (const probe of QUERY_VALUES) {
            const url = `${dir}${queryString(query, { name: field, raw: [probe.raw] })}`;
            await go(`query ${field}=${probe.label}`, probe, () => request(method, url, who, body && JSON.stringify(body)), params, field);
          }
          const twice = `${dir}${queryString(query, { name: field, raw: ['1', '2'] })}`;
          await go(`query ${field} twice`, { label: 'twice' }, () => request(method, twice, who, body && JSON.stringify(body)));
          const nulFirst = `${dir}${queryString(query, { name: field, raw: ['%00', encodeURIComponent(String(query[field] ?? 'ok'))] })}`;
          await go(`query ${field} with NUL in its first copy`, { label: 'NUL first', control: true }, () => request(method, nulFirst, who, body && JSON.stringify(body)), params, field);
        }
        for (const name of ['~', 'a'.repeat(10_240)]) {
          await go(`query ${name.slice(0, 8)}=NUL`, { label: 'name', control: true }, () => request(method, `${base}${base.includes('?') ? '&' : '?'}${name}=%00`, who, body && JSON.stringify(body)));
        }
        await go('query name with NUL', { label: 'NUL name', control: true }, () => request(method, `${base}${base.includes('?') ? '&' : '?'}a%00b=1`, who, body && JSON.stringify(body)));

        for (const p of pathParams) {
          for (const probe of PATH_VALUES) {
            await go(`path ${p}=${probe.label}`, probe, () => request(method, base, who, body && JSON.stringify(body)), { ...params, [p]: probe.value }, p);
          }
        }

        if (!takesBody || !body) continue;
        for (const field of bodyFields) {
          const name = field.join('.');
          for (const probe of BODY_VALUES) {
            const text = bodyWith(body, field, probe.json);
            await go(`body ${name}=${probe.label}`, probe, () => request(method, base, who, text), params, name);
          }
        }
        for (const probe of WHOLE_BODIES) {
          // A route that takes more than the default 64 KiB (subtitles) gets a body over its own limit.
          const build = probe.overLimit && inputs?.maxBody ? () => chunked(inputs.maxBody! + 16 * 1024) : probe.body;
          await go(`body ${probe.label}`, probe, () => request(method, base, who, build()));
        }
      }
    }

    expect(failures.join('\n'), `${failures.length} of ${sent} answers were wrong`).toBe('');
    expect(sent).toBeGreaterThan(0);
  });
});
