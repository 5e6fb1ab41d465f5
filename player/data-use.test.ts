import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { estimateBytes, formatDataUse, TYPICAL_VARIANTS, variantFor, variantsFromManifest, type Variant } from './data-use';
import { abrRestrictions } from './quality';

const demo = (file: string) => readFileSync(path.join(import.meta.dirname, '..', 'media', 'demo', 'ep-1', file), 'utf8');

// The packaged ladder (lib/server/media/package.ts): 9:16, 360×640 and 720×1280.
const LADDER: Variant[] = [
  { bandwidth: 328_000, width: 720, height: 1280 },
  { bandwidth: 148_000, width: 360, height: 640 },
];

describe('data use of an episode', () => {
  it('reads the variants of a DASH manifest: each video representation with the richest audio', () => {
    expect(variantsFromManifest(demo('manifest.mpd'))).toEqual(LADDER.toReversed());
  });

  it('reads the variants of an HLS master playlist', () => {
    expect(variantsFromManifest(demo('master.m3u8'))).toEqual([
      { bandwidth: 152_925, width: 360, height: 640 },
      { bandwidth: 332_925, width: 720, height: 1280 },
    ]);
    expect(variantsFromManifest('not a manifest')).toEqual([]);
  });

  it('counts the variant a quality allows: data saver the 360p rung, HD and Auto the 720p one', () => {
    expect(variantFor(LADDER, 'saver')).toMatchObject({ width: 360 });
    expect(variantFor(LADDER, 'hd')).toMatchObject({ width: 720 });
    expect(variantFor(LADDER, 'auto')).toMatchObject({ width: 720 });
    // Landscape content is limited by the same pixels.
    expect(variantFor([{ bandwidth: 1, width: 640, height: 360 }, { bandwidth: 2, width: 1280, height: 720 }], 'saver')).toMatchObject({ width: 640 });
  });

  it('falls back to the lowest variant when none fits, as Shaka does', () => {
    expect(variantFor([{ bandwidth: 900_000, width: 1080, height: 1920 }, { bandwidth: 500_000, width: 720, height: 1280 }], 'saver')).toMatchObject({ bandwidth: 500_000 });
    expect(variantFor([], 'auto')).toBeNull();
  });

  it('estimates bytes from the bitrate and the duration', () => {
    // 32 s at 148 kbit/s = 592,000 bytes; at 328 kbit/s = 1,312,000 bytes.
    expect(estimateBytes(LADDER, 32, 'saver')).toBe(592_000);
    expect(estimateBytes(LADDER, 32, 'hd')).toBe(1_312_000);
    expect(estimateBytes(LADDER, 0, 'hd')).toBeNull();
    expect(estimateBytes([], 32, 'hd')).toBeNull();
    // Without a manifest (a locked episode): our packaging's ladder. 90 s of data saver: 90 × 696,000 / 8.
    expect(estimateBytes(TYPICAL_VARIANTS, 90, 'saver')).toBe(7_830_000);
  });

  it('formats the estimate', () => {
    expect(formatDataUse(45_000_000)).toBe('≈ 45 MB');
    expect(formatDataUse(592_000)).toBe('≈ 0.6 MB');
    expect(formatDataUse(1_250_000_000, 'fil-PH')).toBe('≈ 1.3 GB');
  });

  it("writes the estimate as Intl's short units do, in both languages (it is written without Intl)", () => {
    for (const locale of ['en-PH', 'fil-PH']) {
      for (const bytes of [0, 1, 49_999, 50_000, 592_000, 9_950_000, 9_960_000, 45_000_000, 999_499_999, 999_500_000, 1_250_000_000, 12_345_678_901]) {
        const mb = bytes / 1e6;
        const [value, unit] = mb >= 1000 ? [mb / 1000, 'gigabyte'] : [mb, 'megabyte'];
        const intl = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: value < 10 ? 1 : 0 });
        expect(formatDataUse(bytes, locale)).toBe(`≈ ${intl.format(value)}`);
      }
    }
  });

  it("keeps Shaka's limits and the estimate on one definition", () => {
    expect(abrRestrictions('saver')).toEqual({ minPixels: 0, maxPixels: 360 * 640 });
    expect(abrRestrictions('hd')).toEqual({ minPixels: 720 * 1280, maxPixels: Infinity });
    expect(abrRestrictions('auto')).toEqual({ minPixels: 0, maxPixels: Infinity });
  });
});
