import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { requestOrigin } from './origin';

const req = (headers: Record<string, string>, url = 'http://localhost:3001/api/x') => new NextRequest(new URL(url), { headers });

describe('requestOrigin', () => {
  it('prefers the forwarded host and proto, then Host, then Next’s own URL', () => {
    expect(requestOrigin(req({ 'x-forwarded-host': '127.0.0.1:3100', 'x-forwarded-proto': 'http', host: 'localhost:3101' }))).toBe('http://127.0.0.1:3100');
    expect(requestOrigin(req({ 'x-forwarded-host': 'kilig.ph, proxy.internal', 'x-forwarded-proto': 'https' }))).toBe('https://kilig.ph');
    expect(requestOrigin(req({ host: '127.0.0.1:3950' }))).toBe('http://127.0.0.1:3950');
    expect(requestOrigin(req({ host: '[::1]:3000' }))).toBe('http://[::1]:3000');
    expect(requestOrigin(req({}))).toBe('http://localhost:3001');
  });

  it('ignores malformed values', () => {
    for (const host of ['evil.com/path', 'a b', 'x@y', 'host:99999999', '']) {
      expect(requestOrigin(req({ 'x-forwarded-host': host })), host).toBe('http://localhost:3001');
    }
    expect(requestOrigin(req({ host: 'kilig.ph', 'x-forwarded-proto': 'javascript' }))).toBe('http://localhost:3001');
  });
});
