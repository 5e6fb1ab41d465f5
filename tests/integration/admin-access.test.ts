import { readdirSync } from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInputs } from '@/lib/server/http/handler';
import { openAppDb } from '../fixtures/app-db';
import { API_KEY } from '../fixtures/http';
import { makeUser } from '../fixtures/users';

/**
 * Every studio endpoint, found on disk under app/api/admin (a new one cannot be missed): a guest gets 401, a viewer
 * 403, and an editor 403 at the admin-only ones (prices, plans, roles, users), whatever the request carries. Each
 * must be built with the route wrapper's `role` (that is where the check lives), so a handler without it fails here.
 */

const appDb = openAppDb({ seed: false });
afterAll(() => appDb.close());

const ADMIN_DIR = path.resolve('app/api/admin');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const ROUTE_FILES = (readdirSync(ADMIN_DIR, { recursive: true }) as string[]).filter((f) => /(^|[/\\])route\.(ts|tsx)$/.test(f)).sort();

type Handler = ((req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>) & { inputs?: RouteInputs };

/** Path parameters filled with a plausible id, so that only the role check can refuse the call. */
function urlAndParams(file: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const segments = path.dirname(file).split(/[/\\]/).map((s) => {
    const m = /^\[+\.*(\w+)\]+$/.exec(s);
    if (!m) return s;
    params[m[1]] = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    return params[m[1]];
  });
  return { url: `http://localhost/api/admin/${segments.join('/')}`, params };
}

async function callAs(handler: Handler, file: string, method: string, token?: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const { url, params } = urlAndParams(file);
  const headers: Record<string, string> = { key: API_KEY, 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const req = new NextRequest(url, { method, headers, body: method === 'GET' ? undefined : '{}' });
  const res = await handler(req, { params: Promise.resolve(params) });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

let viewer: string;
let editor: string;
let admin: string;

beforeAll(async () => {
  const db = await appDb.db();
  [viewer, editor, admin] = await Promise.all([makeUser(db), makeUser(db, { role: 'editor' }), makeUser(db, { role: 'admin' })]).then((u) => u.map((x) => x.token));
});

describe('api/admin/** access', () => {
  it('finds the studio routes on disk', () => {
    expect(ROUTE_FILES.length).toBeGreaterThan(0);
    expect(ROUTE_FILES).toContain(path.join('me', 'route.ts'));
  });

  for (const file of ROUTE_FILES) {
    it(`${file}: guest 401, viewer 403${file.startsWith('me') ? '' : ', editor 403 where admin-only'}`, async () => {
      const mod = (await import(/* @vite-ignore */ path.join(ADMIN_DIR, file))) as Record<string, Handler | undefined>;
      const handlers = METHODS.filter((m) => typeof mod[m] === 'function');
      expect(handlers.length, `${file} exports no handler`).toBeGreaterThan(0);
      for (const method of handlers) {
        const handler = mod[method]!;
        expect(handler.inputs?.role, `${method} ${file} is not built with route({ role })`).toMatch(/^(editor|admin)$/);
        const guest = await callAs(handler, file, method);
        expect(guest.status, `${method} ${file} as a guest`).toBe(401);
        expect(guest.json.status).toBe(false);
        const asViewer = await callAs(handler, file, method, viewer);
        expect(asViewer.status, `${method} ${file} as a viewer`).toBe(403);
        expect(asViewer.json.code).toBe('E_FORBIDDEN');
        const asEditor = await callAs(handler, file, method, editor);
        if (handler.inputs?.role === 'admin') expect(asEditor.status, `${method} ${file} as an editor`).toBe(403);
        else expect(asEditor.status, `${method} ${file} as an editor`).not.toBe(403);
        const asAdmin = await callAs(handler, file, method, admin);
        expect([401, 403], `${method} ${file} as an admin`).not.toContain(asAdmin.status);
        expect(asAdmin.status, `${method} ${file} as an admin`).toBeLessThan(500);
      }
    });
  }
});
