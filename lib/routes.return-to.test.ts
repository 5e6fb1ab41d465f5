import { describe, expect, it } from 'vitest';
import { safeReturnPath, sameOriginUrl } from './routes';

/** Issue 20 item 9: a returnTo or redirect that the URL parser would send to another site is refused. */
describe('safeReturnPath', () => {
  const origin = 'https://kilig.ph';

  it('keeps our own paths (normalised), with their query and fragment', () => {
    expect(safeReturnPath('/episodes/episode-3-Kasal-0123456789abcdef01234567', origin)).toBe('/episodes/episode-3-Kasal-0123456789abcdef01234567');
    expect(safeReturnPath('/subscription?returnTo=%2Fwallet#plans', origin)).toBe('/subscription?returnTo=%2Fwallet#plans');
    expect(safeReturnPath('/a/../wallet')).toBe('/wallet');
  });

  it.each([
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example/x',
    '/\\evil.example',
    '\\/evil.example',
    '//evil.example',
    '/.//evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    ' /wallet',
    '',
    'wallet',
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value, origin)).toBeNull();
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses what is not a string, or is too long', () => {
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath({ toString: () => '/wallet' })).toBeNull();
    expect(safeReturnPath(`/${'a'.repeat(2000)}`)).toBeNull();
  });
});

describe('sameOriginUrl', () => {
  const origin = 'http://127.0.0.1:3000';
  it('accepts an http(s) URL on our origin only', () => {
    expect(sameOriginUrl('http://127.0.0.1:3000/episodes/x?y=1', origin)).toBe('http://127.0.0.1:3000/episodes/x?y=1');
    for (const bad of ['javascript:alert(document.cookie)', 'JaVaScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>', 'http://evil.example/', 'https://127.0.0.1:3000/', '/relative', 'http://127.0.0.1:3000@evil.example/', '']) {
      expect(sameOriginUrl(bad, origin), bad).toBeNull();
    }
  });
});
