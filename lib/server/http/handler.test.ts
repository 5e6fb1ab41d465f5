import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error';
import { route } from './handler';

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
