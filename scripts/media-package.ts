/**
 * npm run media:package -- <input video> <output folder> [--subtitles file.vtt] [--subtitles-lang en]
 *                          [--clear-only] [--hls-key-uri URI] [--fit pad|crop] [--preset medium] [--force]
 *
 * Without --clear-only the package is CENC-encrypted with a fresh content key and one JSON line is printed:
 *   {"keyId":"<32 hex>","sealedKey":"v1...."}
 * Store both with the video; the raw key is never written anywhere.
 */
import { parseArgs } from 'node:util';
import { newContentKey, sealContentKey } from '@/lib/server/drm/keys';
import { packageProtected, packageVideo } from '@/lib/server/media/package';

const USAGE =
  'usage: npm run media:package -- <input video> <output folder> [--subtitles file.vtt] [--subtitles-lang en] ' +
  '[--clear-only] [--hls-key-uri URI] [--fit pad|crop] [--preset medium] [--force]';

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      subtitles: { type: 'string' },
      'subtitles-lang': { type: 'string' },
      'clear-only': { type: 'boolean', default: false },
      'hls-key-uri': { type: 'string' },
      fit: { type: 'string' },
      preset: { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help || positionals.length !== 2) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const [input, outDir] = positionals;
  const fit = values.fit ?? 'pad';
  if (fit !== 'pad' && fit !== 'crop') throw new Error('--fit must be pad or crop');
  const common = {
    input,
    outDir,
    subtitles: values.subtitles,
    subtitlesLang: values['subtitles-lang'],
    fit: fit as 'pad' | 'crop',
    preset: values.preset,
    overwrite: values.force,
  };

  const started = Date.now();
  if (values['clear-only']) {
    const result = await packageVideo(common);
    console.error(`packaged ${result.duration}s clear into ${outDir} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    return;
  }
  const { keyId, key } = newContentKey();
  const result = await packageProtected({ ...common, keyId: Buffer.from(keyId, 'hex'), key, hlsKeyUri: values['hls-key-uri'] });
  console.error(`packaged ${result.duration}s encrypted into ${outDir} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  console.log(JSON.stringify({ keyId, sealedKey: sealContentKey(key) }));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
