/**
 * npm run media:package -- <input video> --episode <video id> [--subtitles file.vtt] [--subtitles-lang en]
 *                          [--fit pad|crop] [--preset medium]
 *   Packages and encrypts into that episode's folder in media storage (MEDIA_DIR, or S3_MEDIA_BUCKET with
 *   STORAGE_DRIVER=s3) with the episode's own key (its drm_key_id and sealed_key stay as they are: the key never
 *   leaves the database), and marks it ready with its duration and subtitles: the studio's ingest path
 *   (lib/server/studio/ingest.ts), run here instead of by the queue, against DATABASE_URL or the embedded database of
 *   `npm start` in .data. The input is read where it is and left there. Audited, with no actor (the command).
 *
 * npm run media:package -- <input video> <output folder> [--subtitles file.vtt] [--subtitles-lang en]
 *                          [--clear-only] [--hls-key-uri URI] [--fit pad|crop] [--preset medium] [--force]
 *   Packages into a folder. Without --clear-only the package is CENC-encrypted with a fresh content key and one JSON
 *   line is printed: {"keyId":"<32 hex>","sealedKey":"v1...."}. The raw key is never written anywhere.
 */
import { parseArgs } from 'node:util';
import { isId } from '../lib/ids';
import { openMigratedDb } from '../lib/server/db/prepare';
import { newContentKey, sealContentKey } from '../lib/server/drm/keys';
import { packageProtected, packageVideo } from '../lib/server/media/package';
import { ingestFileNow } from '../lib/server/studio/ingest';
import { withDatabaseUrl } from './lib/embedded-postgres';

const USAGE =
  'usage: npm run media:package -- <input video> --episode <video id> [--subtitles file.vtt] [--subtitles-lang en] [--fit pad|crop] [--preset medium]\n' +
  '       npm run media:package -- <input video> <output folder> [--subtitles file.vtt] [--subtitles-lang en] ' +
  '[--clear-only] [--hls-key-uri URI] [--fit pad|crop] [--preset medium] [--force]';

async function packageEpisode(input: string, episode: string, opts: { subtitles?: string; subtitlesLang?: string; fit: 'pad' | 'crop'; preset?: string }) {
  if (!isId(episode)) throw new Error(`--episode takes a video id (24 hex), not '${episode}'`);
  const started = Date.now();
  let shown = '';
  await withDatabaseUrl(async (url) => {
    const { db, close } = await openMigratedDb({ url });
    try {
      const { outcome, view } = await ingestFileNow(db, episode, { source: input, subtitles: opts.subtitles }, {
        packageOptions: { fit: opts.fit, preset: opts.preset, subtitlesLang: opts.subtitlesLang },
        onProgress: (stage, percent) => {
          const line = `${stage} ${percent}%`;
          if (line !== shown && (percent % 5 === 0 || !shown.startsWith(stage))) console.error(line);
          shown = line;
        },
      });
      if (outcome !== 'ready') throw new Error(view.ingest?.error ?? 'packaging failed');
      console.error(`episode ${episode} ready: ${view.durationSeconds}s${view.hasSubtitles ? ' with subtitles' : ''}, in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    } finally {
      await close();
    }
  });
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      episode: { type: 'string' },
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
  const args = positionals.filter((a) => a !== '--');
  const episodeMode = values.episode !== undefined;
  if (values.help || args.length !== (episodeMode ? 1 : 2) || (episodeMode && (values['clear-only'] || values['hls-key-uri'] || values.force))) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const fit = values.fit ?? 'pad';
  if (fit !== 'pad' && fit !== 'crop') throw new Error('--fit must be pad or crop');

  if (episodeMode) {
    await packageEpisode(args[0], values.episode!, { subtitles: values.subtitles, subtitlesLang: values['subtitles-lang'], fit, preset: values.preset });
    return;
  }

  const [input, outDir] = args;
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
