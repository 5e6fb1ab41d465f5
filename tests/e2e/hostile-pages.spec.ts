import { expect, test } from '@playwright/test';

/**
 * Issue 20 item 8, on the production server (scripts/serve.ts in front of `next start`): hostile input in a page's URL
 * is a 4xx, never a 500. Only HTTP statuses matter here (no browser page is opened).
 */
const HOSTILE = [
  '/search?keyword=%00',
  '/search?keyword=a%07b',
  '/movie/%E0%A4%A',
  '/movie/a%00b-0123456789abcdef01234567',
  '/full-episodes/%E0%A4%A',
  '/episodes/%E0%A4%A',
  '/episodes/episode-1-a%00-0123456789abcdef01234567',
  '/tag/%E0%A4%A',
  '/tag/a%00b',
  '/series/%E0%A4%A',
  '/series?page=%00',
  '/artist?x=%E0%A4%A',
  '/fandom?x=%00',
  '/movie-genres/All-movies?tag=%00',
  '/movie-genres/All-movies?genre=%E0%A4%A',
];

for (const path of HOSTILE) {
  test(`${path} answers 4xx or a page, never 5xx`, async ({ request }) => {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBeLessThan(500);
  });
}

test('a NUL in the search keyword, a control character or a malformed escape in a tag is a 404 or 400', async ({ request }) => {
  for (const path of ['/search?keyword=%00', '/tag/a%00b', '/tag/%E0%A4%A', '/movie/%E0%A4%A']) {
    expect([400, 404], path).toContain((await request.get(path, { maxRedirects: 0 })).status());
  }
});
