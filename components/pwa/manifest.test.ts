import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { webManifest } from './manifest';
import { offlineDocument, offlineDocuments } from './offline-document';

vi.mock('server-only', () => ({}));

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): [number, number] {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('web manifest', () => {
  it('installs standalone at the home page in the site\'s colours, with 192 and 512 px icons, any and maskable', () => {
    const m = webManifest();
    expect(m).toMatchObject({ name: 'Kilig', short_name: 'Kilig', start_url: '/', scope: '/', display: 'standalone', theme_color: '#07060a', background_color: '#07060a' });
    for (const purpose of ['any', 'maskable']) {
      expect(m.icons!.filter((i) => i.purpose === purpose).map((i) => i.sizes)).toEqual(['192x192', '512x512']);
    }
    for (const icon of m.icons!) {
      const [w, h] = pngSize(path.join(process.cwd(), 'public', icon.src));
      expect(`${w}x${h}`, icon.src).toBe(icon.sizes);
      expect(icon.type).toBe('image/png');
    }
  });
});

describe('offline page', () => {
  it('is one self-contained document per language, escaped, that retries at the same address', () => {
    const { en, fil } = offlineDocuments();
    expect(en).toContain('<html lang="en"');
    expect(en).toContain('<h1>You&#39;re offline</h1>');
    expect(en).toContain('<a class="secondary" href="/">Go home</a>');
    expect(fil).toContain('<html lang="fil"');
    expect(fil).toContain('<h1>Offline ka</h1>');
    expect(fil).toContain('<a class="primary" href="">Subukan ulit</a>');
    expect(fil).toContain('href="/fil">Bumalik sa Home</a>');
    // Nothing to fetch: no external script, stylesheet, font or image.
    for (const doc of [en, fil]) expect(doc).not.toMatch(/<(script|link|img)\b[^>]*\b(src|href)=/);
    expect(offlineDocument('en', { title: '<b>', body: 'a & b', retry: 'r', home: 'h' }, 'K"')).toContain('&#60;b&#62; | K&#34;');
  });
});
