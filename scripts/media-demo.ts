/**
 * npm run media:demo [-- --only ep-1,trailer-2]
 *
 * Regenerates media/demo/: 6 episode clips (32 s) and 2 trailers (16 s), synthesized with ffmpeg lavfi (a moving
 * gradient per clip, a hue-shifted testsrc2 panel, "Kilig demo" / "Clip N" captions and a running timecode, a sine
 * tone with its own pitch), packaged CLEAR through packageVideo with a low-bitrate ladder so the whole folder stays
 * small enough to commit. ep-1, ep-2 and trailer-1 carry WebVTT subtitles. Writes media/demo/clips.json.
 * The app encrypts these clear packages with per-video keys at seed time; nothing secret lives here.
 */
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { run } from '@/lib/server/media/ffmpeg';
import { packageVideo, type Rendition } from '@/lib/server/media/package';

const OUT = resolve('media/demo');
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const FONT_MONO = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf';

const DEMO_RENDITIONS: Rendition[] = [
  { width: 360, height: 640, videoBitrate: 100_000, profile: 'main' },
  { width: 720, height: 1280, videoBitrate: 280_000, profile: 'high' },
];
const DEMO_AUDIO_BITRATE = 48_000;

interface DemoClip {
  id: string;
  kind: 'episode' | 'trailer';
  /** Number shown on screen ("Clip N"). */
  n: number;
  seconds: number;
  subtitles: boolean;
  /** Gradient colours, gradient type, testsrc2 hue shift (degrees), tone (Hz). */
  colors: string[];
  gradient: 'linear' | 'radial' | 'circular' | 'spiral';
  hue: number;
  tone: number;
}

const CLIPS: DemoClip[] = [
  { id: 'ep-1', kind: 'episode', n: 1, seconds: 32, subtitles: true, colors: ['0xff4f8b', '0x6a1b9a'], gradient: 'linear', hue: 0, tone: 330 },
  { id: 'ep-2', kind: 'episode', n: 2, seconds: 32, subtitles: true, colors: ['0x00897b', '0xffb300'], gradient: 'radial', hue: 60, tone: 392 },
  { id: 'ep-3', kind: 'episode', n: 3, seconds: 32, subtitles: false, colors: ['0x1e88e5', '0xe91e63', '0xfdd835'], gradient: 'linear', hue: 120, tone: 440 },
  { id: 'ep-4', kind: 'episode', n: 4, seconds: 32, subtitles: false, colors: ['0x3949ab', '0x26c6da'], gradient: 'circular', hue: 180, tone: 494 },
  { id: 'ep-5', kind: 'episode', n: 5, seconds: 32, subtitles: false, colors: ['0xd81b60', '0xff7043', '0x8e24aa'], gradient: 'spiral', hue: 240, tone: 523 },
  { id: 'ep-6', kind: 'episode', n: 6, seconds: 32, subtitles: false, colors: ['0x43a047', '0x1a237e'], gradient: 'radial', hue: 300, tone: 587 },
  { id: 'trailer-1', kind: 'trailer', n: 7, seconds: 16, subtitles: true, colors: ['0xffca28', '0xc2185b'], gradient: 'linear', hue: 30, tone: 262 },
  { id: 'trailer-2', kind: 'trailer', n: 8, seconds: 16, subtitles: false, colors: ['0x5e35b1', '0x00acc1', '0xff80ab'], gradient: 'circular', hue: 210, tone: 294 },
];

const LINES = [
  'Kumusta ka na? (How have you been?)',
  'Hindi ko inasahang makita ka rito. (I did not expect to see you here.)',
  'Mahal kita, noon pa man. (I have always loved you.)',
  'Saan ka pupunta? (Where are you going?)',
  'Hintayin mo ako. (Wait for me.)',
  'Hindi kita iiwan. (I will never leave you.)',
  'Salamat sa lahat. (Thank you for everything.)',
  'Abangan ang susunod na kabanata! (Watch for the next episode!)',
];

function timestamp(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${s.toFixed(3).padStart(6, '0')}`;
}

function webvtt(clip: DemoClip): string {
  const cues = [`WEBVTT\n\nNOTE Kilig demo subtitles for ${clip.id}\n`];
  const count = Math.floor(clip.seconds / 4);
  for (let i = 0; i < count; i++) {
    const start = i * 4 + 0.5;
    const text = i === 0 ? `Kilig demo — Clip ${clip.n}` : LINES[(i - 1 + clip.n) % LINES.length];
    cues.push(`${i + 1}\n${timestamp(start)} --> ${timestamp(start + 3)}\n${text}\n`);
  }
  return cues.join('\n');
}

function drawtext(opts: { text: string; size: number; y: string; font?: string; box?: boolean }): string {
  return [
    `drawtext=fontfile=${opts.font ?? FONT}`,
    `text='${opts.text}'`,
    `fontsize=${opts.size}`,
    'fontcolor=white',
    'x=(w-text_w)/2',
    `y=${opts.y}`,
    'shadowcolor=black@0.6:shadowx=3:shadowy=3',
    ...(opts.box ? ['box=1:boxcolor=black@0.45:boxborderw=18'] : []),
  ].join(':');
}

async function makeSource(clip: DemoClip, path: string): Promise<void> {
  const [w, h] = [720, 1280];
  const colors = clip.colors.map((c, i) => `c${i}=${c}`).join(':');
  const label = clip.kind === 'episode' ? `Episode ${clip.n}` : `Trailer ${clip.n - 6}`;
  const graph = [
    `gradients=s=${w}x${h}:r=30:d=${clip.seconds}:${colors}:n=${clip.colors.length}:type=${clip.gradient}:speed=0.03:seed=${clip.n}[bg]`,
    `testsrc2=s=560x320:r=30:d=${clip.seconds},hue=h=${clip.hue}[panel]`,
    `[bg][panel]overlay=x=(W-w)/2:y=540,` +
      [
        drawtext({ text: 'Kilig demo', size: 76, y: '150', box: true }),
        drawtext({ text: `Clip ${clip.n}`, size: 110, y: '300' }),
        drawtext({ text: label, size: 48, y: '440' }),
        drawtext({ text: '%{pts\\:hms}', size: 52, y: 'h-260', font: FONT_MONO, box: true }),
      ].join(',') +
      '[v]',
    `sine=frequency=${clip.tone}:sample_rate=48000:duration=${clip.seconds},volume=0.25,aformat=channel_layouts=stereo[a]`,
  ].join(';');
  await run('ffmpeg', [
    '-nostdin', '-y', '-hide_banner', '-loglevel', 'error',
    '-filter_complex', graph, '-map', '[v]', '-map', '[a]',
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '16', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '160k', '-t', String(clip.seconds), path,
  ]);
}

async function folderSize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    total += entry.isDirectory() ? await folderSize(p) : (await stat(p)).size;
  }
  return total;
}

async function main() {
  const { values } = parseArgs({ options: { only: { type: 'string' } } });
  const only = values.only?.split(',');
  const clips = only ? CLIPS.filter((c) => only.includes(c.id)) : CLIPS;
  if (!only) await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  const work = await mkdtemp(join(tmpdir(), 'kilig-demo-'));
  const manifest: { id: string; kind: DemoClip['kind']; duration: number; hasSubtitles: boolean }[] = [];
  try {
    for (const clip of CLIPS) {
      const outDir = join(OUT, clip.id);
      if (clips.includes(clip)) {
        const started = Date.now();
        const source = join(work, `${clip.id}.mp4`);
        await makeSource(clip, source);
        let subtitles: string | undefined;
        if (clip.subtitles) {
          subtitles = join(work, `${clip.id}.vtt`);
          await writeFile(subtitles, webvtt(clip));
        }
        const result = await packageVideo({
          input: source,
          outDir,
          subtitles,
          subtitlesLang: 'en',
          renditions: DEMO_RENDITIONS,
          audioBitrate: DEMO_AUDIO_BITRATE,
          preset: 'medium',
          posterAt: 1.5,
          overwrite: true,
        });
        const kb = Math.round((await folderSize(outDir)) / 1024);
        console.log(`${clip.id}: ${result.duration}s, ${result.files.length} files, ${kb} KiB, ${((Date.now() - started) / 1000).toFixed(1)}s`);
      }
      manifest.push({ id: clip.id, kind: clip.kind, duration: clip.seconds, hasSubtitles: clip.subtitles });
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  await writeFile(join(OUT, 'clips.json'), JSON.stringify(manifest, null, 2) + '\n');
  console.log(`media/demo: ${(await folderSize(OUT) / 1024 / 1024).toFixed(2)} MiB`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
