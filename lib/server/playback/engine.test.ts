import { describe, expect, it } from 'vitest';
import { engineFile, engineUrls } from './engine';

describe('player engine asset', () => {
  it('names both Shaka builds by content hash and serves only the current names', () => {
    const urls = engineUrls();
    expect(urls.dash).toMatch(/^\/episodes\/player-assets\/shaka-[0-9a-f]{16}\.dash\.js$/);
    expect(urls.full).toMatch(/^\/episodes\/player-assets\/shaka-[0-9a-f]{16}\.full\.js$/);
    const dash = engineFile(urls.dash.split('/').pop()!);
    const full = engineFile(urls.full.split('/').pop()!);
    expect(dash?.toString('utf8', 0, 200)).toContain('Shaka Player');
    expect(full!.length).toBeGreaterThan(dash!.length);
    expect(engineFile('shaka-0000000000000000.dash.js')).toBeNull();
    expect(engineFile('../../package.json')).toBeNull();
    expect(engineFile(urls.dash.split('/').pop()!.replace('.dash.', '.full.'))).toBeNull();
  });
});
