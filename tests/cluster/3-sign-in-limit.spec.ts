import http from 'node:http';
import { expect, test } from '@playwright/test';
import { API_KEY, cluster, upstreamOf } from './cluster-helpers';

/**
 * A viewer's sign-in limit (20 a minute per address, lib/server/rate-limit.ts) holds across instances: nginx sends the
 * attempts to both in turn, and the 21st is refused whichever instance takes it, because the counters live in Redis.
 * The attempts come from an address of their own (a random 127.x.y.z, bound as the connection's source), so that the
 * other specs' sign-ins from 127.0.0.1 are not limited, and nginx sees it as the client (TRUSTED_PROXY_HOPS=2).
 */

function signInAttempt(from: string): Promise<{ status: number; upstream: string }> {
  const target = new URL('/api/client/user/authenticateOrRegister', cluster.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', localAddress: from, agent: false, headers: { key: API_KEY, 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.once('end', () => resolve({ status: res.statusCode ?? 0, upstream: upstreamOf(res.headers as Record<string, string>)?.name ?? '?' }));
      },
    );
    req.once('error', reject);
    // Counted before the body is read: an empty attempt is refused (400), but it is an attempt.
    req.end('{}');
  });
}

test('past 20 sign-in attempts in a minute from one address, every attempt is refused, whichever instance takes it', async () => {
  const from = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  const attempts = [];
  for (let i = 0; i < 24; i++) attempts.push(await signInAttempt(from));
  console.log(`[cluster] sign-in attempts from ${from}: ${attempts.map((a) => `${a.upstream}:${a.status}`).join(' ')}`);
  const first20 = attempts.slice(0, 20);
  expect(first20.filter((a) => a.status === 429), 'no refusal within the limit').toEqual([]);
  expect(new Set(first20.map((a) => a.upstream)), 'both instances counted attempts').toEqual(new Set(cluster.instances.map((i) => i.name)));
  expect(attempts.slice(20).map((a) => a.status)).toEqual([429, 429, 429, 429]);
  expect(new Set(attempts.slice(20).map((a) => a.upstream)), 'refused by both instances').toEqual(new Set(cluster.instances.map((i) => i.name)));
});
