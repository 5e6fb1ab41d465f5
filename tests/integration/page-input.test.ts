import { afterAll, describe, expect, it, vi } from 'vitest';
import { openAppDb } from '../fixtures/app-db';

/**
 * Issue 20 item 8: the pages apply the API's input rules (lib/server/http/page-input.ts). A NUL in ?keyword= reached
 * PostgreSQL (which refuses NUL in text) and the search page answered 500; now it is notFound() (404), as are a control
 * character in /tag/{tag}, a malformed escape there, and a keyword longer than the search API takes.
 */

// Outside a request Next's connection() throws; here it only marks the page dynamic, so it may simply resolve.
vi.mock('next/server', async (importOriginal) => ({ ...(await importOriginal<typeof import('next/server')>()), connection: async () => undefined }));

// next-intl's server functions need a Next.js request; the stand-in keeps the language the page sets (enterLocale).
vi.mock('next-intl/server', async () => (await import('@/tests/fixtures/intl-server')).nextIntlServerMock);

const appDb = openAppDb({ seed: true });
afterAll(() => appDb.close());

/** What notFound() throws: Next turns it into the 404 response. */
const NOT_FOUND = { digest: 'NEXT_HTTP_ERROR_FALLBACK;404' };

describe('page input rules', () => {
  it('/search: a control character or an over-long keyword is a 404, before any query; a normal one renders', async () => {
    await appDb.db();
    const { default: SearchPage } = await import('@/app/[locale]/search/page');
    for (const keyword of ['\u0000', 'abc\u0000', '\u0007', '\uD800', 'a'.repeat(201), ['ok', '\u0000']]) {
      await expect(SearchPage({ params: Promise.resolve({ locale: 'en' }), searchParams: Promise.resolve({ keyword }) }), JSON.stringify(keyword)).rejects.toMatchObject(NOT_FOUND);
    }
    await expect(SearchPage({ params: Promise.resolve({ locale: 'en' }), searchParams: Promise.resolve({ keyword: 'pag-ibig' }) })).resolves.toBeTruthy();
  });

  it('/tag/{tag}: a malformed escape or a control character is a 404 in the layout (above loading.tsx, so the status is 404)', async () => {
    const { default: TagLayout } = await import('@/app/[locale]/tag/[tag]/layout');
    for (const tag of ['%E0%A4%A', 'a%00b', '%7F', 'a\u0000b']) {
      await expect(TagLayout({ children: null, params: Promise.resolve({ locale: 'en', tag }) }), tag).rejects.toMatchObject(NOT_FOUND);
    }
    await expect(TagLayout({ children: 'ok', params: Promise.resolve({ locale: 'en', tag: 'Rev%20enge' }) })).resolves.toBe('ok');
  });
});
