import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { signAccessToken } from '@/lib/server/auth/access-token';
import { AppError } from './app-error';
import { rateLimitKey, route } from './handler';

const ctx = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });
const KEY = 'kilig-demo-api-key';
const post = (body: string, headers: Record<string, string> = { key: KEY }) =>
  new NextRequest('http://localhost/api/x', { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
const get = (url = 'http://localhost/x', headers: Record<string, string> = { key: KEY }) => new NextRequest(url, { headers });

describe('route wrapper', () => {
  const handler = route({ body: z.object({ rating: z.number().int().min(1).max(5) }) }, ({ body }) => Response.json({ status: true, rating: body.rating }));

  it('passes valid input through', async () => {
    const res = await handler(post('{"rating":4}'), ctx());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true, rating: 4 });
  });

  it('answers malformed JSON, wrong types and huge bodies with 4xx JSON', async () => {
    for (const [body, status] of [['{nope', 400], ['{"rating":"5"}', 422], ['{"rating":99}', 422], [`{"x":"${'a'.repeat(70_000)}"}`, 413]] as const) {
      const res = await handler(post(body), ctx());
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ status: false, code: expect.any(String), message: expect.any(String) });
    }
  });

  it('maps AppError to its status and hides unexpected errors behind a generic 500', async () => {
    const known = route({}, () => {
      throw new AppError('E_UNAUTHORIZED', 'Not yours.');
    });
    expect((await known(get(), ctx())).status).toBe(403);

    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = route({}, () => {
      throw new Error('secret database detail');
    });
    const res = await broken(get(), ctx());
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret');
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('rejects a missing or wrong key header', async () => {
    for (const headers of [{}, { key: 'wrong' }, { key: KEY + 'x' }] as Record<string, string>[]) {
      const res = await handler(post('{"rating":4}', headers), ctx());
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ status: false, code: 'E_API_KEY' });
    }
  });

  it('rejects a userId that names someone when no token names them', async () => {
    const open = route({ auth: 'optional' }, () => Response.json({ status: true }));
    expect((await open(get('http://localhost/x?userId=0123456789abcdef01234567'), ctx())).status).toBe(403);
    expect((await open(get('http://localhost/x?userId=anonymous'), ctx())).status).toBe(200);
    const closed = route({ auth: 'required' }, () => Response.json({ status: true }));
    expect(await (await closed(get(), ctx())).json()).toMatchObject({ code: 'E_UNAUTHENTICATED' });
  });
});

describe('control characters in string input', () => {
  const open = route({ body: z.unknown(), maxBody: 512 * 1024 }, () => Response.json({ status: true }));
  const read = route({}, () => Response.json({ status: true }));
  const withPath = route({ params: z.object({ id: z.string() }) }, () => Response.json({ status: true }));

  async function refused(res: Response, message: string) {
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ status: false, code: 'E_BAD_REQUEST', message });
  }

  it('refuses NUL, the other C0 controls and DEL in a query value, naming the parameter, whether or not a schema reads it', async () => {
    for (const raw of ['%00', 'ab%00cd', '%01', '%08', '%0B', '%0C', '%1B', '%1F', '%7F']) {
      await refused(await read(get(`http://localhost/x?searchString=${raw}`), ctx()), 'Invalid query: searchString contains a control character.');
    }
  });

  it('checks every copy of a repeated parameter and the names too', async () => {
    await refused(await read(get('http://localhost/x?q=%00&q=fine'), ctx()), 'Invalid query: q contains a control character.');
    await refused(await read(get('http://localhost/x?a%00b=1'), ctx()), 'Invalid query: a parameter name contains a control character.');
  });

  it('lets tab, line breaks, non-ASCII text and paired surrogates through', async () => {
    expect((await read(get('http://localhost/x?q=a%09b%0Ac%0Dd&name=Mah%C3%A1l%20kita%20%F0%9F%92%96'), ctx())).status).toBe(200);
    expect((await open(post('{"note":"line\\nbreak\\ttab","emoji":"\\ud83d\\udc96"}'), ctx())).status).toBe(200);
  });

  it('refuses them in path parameters, lone surrogates included', async () => {
    for (const id of ['\u0000', 'x\u007f', '\ud800', 'a\udc00b']) {
      await refused(await withPath(get(), ctx({ id })), 'Invalid path: id contains a control character.');
    }
  });

  it('refuses them in any string or key at any depth of a JSON body, naming where', async () => {
    await refused(await open(post('{"name":"\\u0000"}'), ctx()), 'Invalid body: name contains a control character.');
    await refused(await open(post('{"deviceInfo":{"userAgent":"x\\ud800"}}'), ctx()), 'Invalid body: deviceInfo.userAgent contains a control character.');
    await refused(await open(post('{"kids":["ok","\\udc00"]}'), ctx()), 'Invalid body: kids.1 contains a control character.');
    await refused(await open(post('{"a":{"\\u001b":1}}'), ctx()), 'Invalid body: a field name in a contains a control character.');
    await refused(await open(post('"\\u0000"'), ctx()), 'Invalid body: the body contains a control character.');
  });

  it('walks a body nested 100,000 deep without overflowing the stack', async () => {
    const depth = 100_000;
    const deep = (leaf: string) => '['.repeat(depth) + leaf + ']'.repeat(depth);
    expect((await open(post(deep('"fine"')), ctx())).status).toBe(200);
    const res = await open(post(deep('"\\u0000"')), ctx());
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/^Invalid body: 0\.0\.0\..*… contains a control character\.$/);
  });

  it('applies before authentication, so a guest on a signed-in route learns only that the input is bad', async () => {
    const closed = route({ auth: 'required' }, () => Response.json({ status: true }));
    await refused(await closed(get('http://localhost/x?q=%00'), ctx()), 'Invalid query: q contains a control character.');
  });
});

describe('body size while it streams', () => {
  const handler = route({ body: z.unknown(), maxBody: 4096 }, () => Response.json({ status: true }));

  /** A body that never ends, as a chunked upload can be; counts what the server pulled and whether it hung up. */
  function endless(chunk = 1024) {
    const seen = { bytes: 0, cancelled: false };
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        seen.bytes += chunk;
        // A safety stop so that a server reading it whole fails the test rather than hanging it.
        if (seen.bytes > 10 * 1024 * 1024) controller.close();
        else controller.enqueue(new Uint8Array(chunk).fill(0x20));
      },
      cancel() {
        seen.cancelled = true;
      },
    });
    return { stream, seen };
  }
  const streamed = (body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
    new NextRequest('http://localhost/api/x', { method: 'POST', body, duplex: 'half', headers: { key: KEY, ...headers } } as ConstructorParameters<typeof NextRequest>[1]);

  it('stops reading a chunked body as soon as it passes the limit, and answers 413', async () => {
    const { stream, seen } = endless();
    const res = await handler(streamed(stream), ctx());
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ status: false, code: 'E_PAYLOAD_TOO_LARGE' });
    // The chunk that crossed the limit, and the one the stream queued ahead: nothing like the 10 MiB on offer.
    expect(seen.bytes).toBeLessThanOrEqual(4096 + 2 * 1024);
    expect(seen.cancelled).toBe(true);
  });

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const { stream, seen } = endless();
    const res = await handler(streamed(stream, { 'content-length': '5000' }), ctx());
    expect(res.status).toBe(413);
    expect(seen.bytes).toBeLessThanOrEqual(1024);
  });

  it('takes a chunked body under the limit', async () => {
    const chunks = ['{"a":', '"b",', '"c":[1,2]}'].map((s) => new TextEncoder().encode(s));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    expect((await handler(streamed(stream), ctx())).status).toBe(200);
  });

  it('answers 400 for a body that is not UTF-8 or that breaks off, never 500', async () => {
    const bad = await handler(new NextRequest('http://localhost/api/x', { method: 'POST', body: Uint8Array.from([0x22, 0xed, 0xa0, 0x80, 0x22]), headers: { key: KEY } }), ctx());
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ status: false, code: 'E_BAD_REQUEST', message: 'Malformed body: it is not valid UTF-8.' });

    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"a":'));
        controller.error(new Error('socket hang up'));
      },
    });
    const res = await handler(streamed(broken), ctx());
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: false, code: 'E_BAD_REQUEST' });
  });
});

describe('rate-limit keys', () => {
  let rule = 0;
  /** A fresh rule per test (the counters are the process's): one call allowed a minute. */
  const limited = (auth: 'none' | 'optional' | 'required') =>
    route({ auth, body: z.object({}), rateLimit: { name: `test-${++rule}`, limit: 1, windowMs: 60_000 } }, () => Response.json({ status: true }));
  // A malformed body is refused after the limit has counted the call and before any database lookup.
  const call = (handler: ReturnType<typeof limited>, token?: string) =>
    handler(post('{nope', { key: KEY, ...(token ? { authorization: `Bearer ${token}` } : {}) }), ctx()).then((r) => r.status);

  it('counts signed-in calls per user and anonymous ones per address', async () => {
    const handler = limited('required');
    const a = await signAccessToken('aaaaaaaaaaaaaaaaaaaaaaaa', 'uid-a');
    const b = await signAccessToken('bbbbbbbbbbbbbbbbbbbbbbbb', 'uid-b');
    expect(await call(handler, a)).toBe(400);
    expect(await call(handler, a)).toBe(429);
    // Same address, another user: a limit of their own.
    expect(await call(handler, b)).toBe(400);
    expect(await call(handler)).toBe(400);
    expect(await call(handler)).toBe(429);
  });

  it('counts a call with a bad token against the address, then refuses the token', async () => {
    const handler = limited('optional');
    expect(await call(handler, 'not-a-token')).toBe(400);
    expect(await call(handler)).toBe(429);
    const res = await handler(get('http://localhost/x', { key: KEY, authorization: 'Bearer not-a-token' }), ctx());
    expect(res.status).toBe(429);
    const fresh = limited('optional');
    const unauth = await fresh(post('{}', { key: KEY, authorization: 'Bearer not-a-token' }), ctx());
    expect(await unauth.json()).toMatchObject({ status: false, code: 'E_UNAUTHENTICATED' });
  });

  it('ignores the token on routes that take none, such as sign-in with a Firebase ID token', async () => {
    const handler = limited('none');
    const a = await signAccessToken('aaaaaaaaaaaaaaaaaaaaaaaa', 'uid-a');
    const b = await signAccessToken('bbbbbbbbbbbbbbbbbbbbbbbb', 'uid-b');
    expect(await call(handler, a)).toBe(400);
    expect(await call(handler, b)).toBe(429);
  });

  it('keys are bounded in length and name whose they are', () => {
    expect(rateLimitKey('0123456789abcdef01234567', new Headers())).toBe('user:0123456789abcdef01234567');
    expect(rateLimitKey(null, new Headers())).toMatch(/^ip:/);
    expect(rateLimitKey('x'.repeat(10_000), new Headers())).toHaveLength(128);
    expect(rateLimitKey(null, new Headers({ 'x-forwarded-for': 'y'.repeat(10_000) })).length).toBeLessThanOrEqual(128);
  });
});
