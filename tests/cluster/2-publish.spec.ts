import { expect, test } from '@playwright/test';
import { adminToken, apiHeaders, cluster, json } from './cluster-helpers';

/**
 * Caches that agree: a studio publish made through the balancer (which lands on one instance) shows on the home page
 * of EACH instance, asked directly, within 5 s; so does the unpublish. Both home pages are cached before (each
 * instance's page cache and Next's ISR cache hold them), so only a shared cache or a purge heard by both can pass.
 */

const LIMIT_MS = 5_000;

/** Asks both instances' home pages every 200 ms until `seen(html)` holds on both; answers how long it took. */
async function untilBoth(seen: (html: string) => boolean): Promise<number> {
  const t0 = Date.now();
  const pending = new Set(cluster.instances.map((i) => i.url));
  while (pending.size > 0 && Date.now() - t0 < LIMIT_MS + 5_000) {
    await Promise.all(
      [...pending].map(async (url) => {
        const html = await (await fetch(`${url}/`)).text();
        if (seen(html)) pending.delete(url);
      }),
    );
    if (pending.size) await new Promise((r) => setTimeout(r, 200));
  }
  expect([...pending], 'instances still showing the old home page').toEqual([]);
  return Date.now() - t0;
}

test('a publish and an unpublish show on both instances within 5 s', async ({ request }) => {
  const token = await adminToken(request);
  const name = `Cluster Publish ${Date.now().toString(36)}`;
  const created = await json<{ data: { id: string } }>(
    await request.post(`${cluster.url}/api/admin/titles`, {
      headers: apiHeaders(token),
      data: { name, type: 'series', releaseYear: 2026, description: 'Published by the cluster test.' },
    }),
  );

  // Both home pages cached, without the draft.
  for (const instance of cluster.instances) {
    for (let i = 0; i < 2; i++) expect(await (await fetch(`${instance.url}/`)).text()).not.toContain(name);
  }

  const publish = await request.post(`${cluster.url}/api/admin/titles/${created.data.id}/publish`, { headers: apiHeaders(token), data: { action: 'publish' } });
  await json(publish);
  const shown = await untilBoth((html) => html.includes(name));
  console.log(`[cluster] publish (answered by ${publish.headers()['x-upstream']}) on both home pages after ${shown} ms`);
  expect(shown).toBeLessThanOrEqual(LIMIT_MS);

  const unpublish = await request.post(`${cluster.url}/api/admin/titles/${created.data.id}/publish`, { headers: apiHeaders(token), data: { action: 'unpublish' } });
  await json(unpublish);
  const gone = await untilBoth((html) => !html.includes(name));
  console.log(`[cluster] unpublish (answered by ${unpublish.headers()['x-upstream']}) gone from both after ${gone} ms`);
  expect(gone).toBeLessThanOrEqual(LIMIT_MS);
});
