import 'server-only';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUBTITLE_LANGUAGES } from '@/lib/contracts/studio-media';
import { encryptPackage } from './encrypt-package';
import { probe, progressSeconds, run } from './ffmpeg';

/**
 * Clear packaging: one ffmpeg pass → 9:16 H.264/AAC ladder as fragmented MP4 with a DASH MPD and HLS playlists.
 *
 * Output (the names the players and the encryptor rely on):
 *   manifest.mpd, master.m3u8, media_{N}.m3u8            N = 0..renditions-1 for video, renditions for audio
 *   init-stream{N}.m4s, chunk-stream{N}-{00001…}.m4s     2 s segments, each starting on a keyframe
 *   poster.jpg (720×1280), thumb.jpg (360×640)
 *   subtitles-{lang}.vtt + subtitles-{lang}.m3u8         only with `subtitles`; referenced from the MPD and master
 *
 * Keyframes every `segmentSeconds` exactly (-g = -keyint_min = fps × seconds, no scene-cut keyframes), so every
 * segment of every rendition starts with an IDR frame and renditions switch cleanly. Any input aspect is fitted
 * into 9:16 (letterboxed by default, or cropped to fill).
 */

export interface Rendition {
  width: number;
  height: number;
  /** Target video bitrate in bits per second. */
  videoBitrate: number;
  profile?: 'main' | 'high';
}

export const DEFAULT_RENDITIONS: Rendition[] = [
  { width: 360, height: 640, videoBitrate: 600_000, profile: 'main' },
  { width: 720, height: 1280, videoBitrate: 1_800_000, profile: 'high' },
];

export interface PackageOptions {
  input: string;
  outDir: string;
  /** WebVTT file to publish alongside. */
  subtitles?: string;
  /** BCP-47 language of the subtitles (default 'en'). */
  subtitlesLang?: string;
  renditions?: Rendition[];
  /** Bits per second (default 96 000). */
  audioBitrate?: number;
  fps?: number;
  segmentSeconds?: number;
  /** 'pad' letterboxes a non-9:16 input (default); 'crop' fills the frame and cuts the sides. */
  fit?: 'pad' | 'crop';
  /** x264 preset (default 'medium'). */
  preset?: string;
  /** Seconds into the video for poster and thumbnail (default: a tenth of the way in, at most 3 s). */
  posterAt?: number;
  /** Remove whatever outDir holds first; otherwise a non-empty outDir is an error. */
  overwrite?: boolean;
  ffmpegPath?: string;
  ffprobePath?: string;
  /**
   * Called as the work advances: 'transcoding' with the share of the ladder written (from ffmpeg's `-progress`
   * output, out_time against the source's duration), then 'encrypting' (packageProtected only).
   */
  onProgress?: (stage: PackageStage, fraction: number) => void;
  /** Aborting kills ffmpeg and rejects with the signal's reason; the output folders are left as they are. */
  signal?: AbortSignal;
}

export type PackageStage = 'transcoding' | 'encrypting';

export interface PackageResult {
  outDir: string;
  /** Seconds, from the MPD. */
  duration: number;
  renditions: Rendition[];
  hasSubtitles: boolean;
  files: string[];
}

const LANGUAGE_NAMES: Record<string, string> = { ...SUBTITLE_LANGUAGES, tl: 'Tagalog' };

function fitFilter(width: number, height: number, fit: 'pad' | 'crop'): string {
  return fit === 'crop'
    ? `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1,format=yuv420p`
    : `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,format=yuv420p`;
}

/** ISO 8601 duration (PT1H2M3.5S) → seconds. */
export function parseIsoDuration(value: string): number {
  const m = /^PT(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?$/.exec(value);
  if (!m) throw new Error(`bad ISO duration '${value}'`);
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

async function prepareOutDir(outDir: string, overwrite: boolean): Promise<void> {
  const existing = await readdir(outDir).catch(() => [] as string[]);
  if (existing.length > 0) {
    if (!overwrite) throw new Error(`${outDir} is not empty (pass overwrite / --force to replace it)`);
    await rm(outDir, { recursive: true, force: true });
  }
  await mkdir(outDir, { recursive: true });
}

export function ladderArgs(opts: {
  input: string;
  outDir: string;
  renditions: Rendition[];
  audioBitrate: number;
  fps: number;
  segmentSeconds: number;
  fit: 'pad' | 'crop';
  preset: string;
  hasAudio: boolean;
  duration: number;
}): string[] {
  const { renditions, fps, segmentSeconds } = opts;
  const gop = Math.round(fps * segmentSeconds);
  const labels = renditions.map((_, i) => `s${i}`);
  const graph = [
    `[0:v:0]fps=${fps},split=${renditions.length}${labels.map((l) => `[${l}]`).join('')}`,
    ...renditions.map((r, i) => `[${labels[i]}]${fitFilter(r.width, r.height, opts.fit)}[v${i}]`),
  ].join(';');
  const args = ['-nostdin', '-y', '-hide_banner', '-loglevel', 'error', '-i', opts.input];
  if (!opts.hasAudio) {
    // Players and the adaptation set layout expect an audio track: add silence of the same length.
    args.push('-f', 'lavfi', '-t', String(opts.duration), '-i', 'anullsrc=r=48000:cl=stereo');
  }
  args.push('-filter_complex', graph, '-map_metadata', '-1', '-map_chapters', '-1');
  renditions.forEach((_, i) => args.push('-map', `[v${i}]`));
  args.push('-map', opts.hasAudio ? '0:a:0' : '1:a:0');
  args.push('-c:v', 'libx264', '-preset', opts.preset, '-pix_fmt', 'yuv420p');
  renditions.forEach((r, i) => {
    args.push(
      `-profile:v:${i}`, r.profile ?? 'high',
      `-b:v:${i}`, String(r.videoBitrate),
      `-maxrate:v:${i}`, String(Math.round(r.videoBitrate * 1.5)),
      `-bufsize:v:${i}`, String(r.videoBitrate * 2),
    );
  });
  args.push('-g', String(gop), '-keyint_min', String(gop), '-sc_threshold', '0');
  args.push('-c:a', 'aac', '-b:a', String(opts.audioBitrate), '-ac', '2', '-ar', '48000');
  args.push(
    '-f', 'dash',
    '-seg_duration', String(segmentSeconds),
    '-use_template', '1',
    '-use_timeline', '1',
    '-adaptation_sets', 'id=0,streams=v id=1,streams=a',
    '-hls_playlist', '1',
    join(opts.outDir, 'manifest.mpd'),
  );
  return args;
}

/** ffmpeg's media playlists carry wall-clock PROGRAM-DATE-TIME lines; drop them (VOD, reproducible files). */
function tidyMediaPlaylist(text: string): string {
  let out = text.replace(/^#EXT-X-PROGRAM-DATE-TIME:.*\n/gm, '');
  if (!/^#EXT-X-PLAYLIST-TYPE:/m.test(out)) out = out.replace(/^(#EXT-X-TARGETDURATION:.*)$/m, '$1\n#EXT-X-PLAYLIST-TYPE:VOD');
  return out;
}

export function addSubtitlesToMpd(mpd: string, lang: string, file: string): string {
  const ids = [...mpd.matchAll(/<AdaptationSet\b[^>]*\bid="(\d+)"/g)].map((m) => Number(m[1]));
  const id = ids.length ? Math.max(...ids) + 1 : 0;
  const indent = /\n([ \t]*)<AdaptationSet\b/.exec(mpd)?.[1] ?? '\t\t';
  const i2 = indent + '\t';
  const set =
    `${indent}<AdaptationSet id="${id}" contentType="text" mimeType="text/vtt" lang="${lang}">\n` +
    // Label first: the DASH schema puts a Representation's base elements before Role.
    `${i2}<Label>${LANGUAGE_NAMES[lang] ?? lang}</Label>\n` +
    `${i2}<Role schemeIdUri="urn:mpeg:dash:role:2011" value="subtitle"/>\n` +
    `${i2}<Representation id="text-${lang}" bandwidth="256">\n` +
    `${i2}\t<BaseURL>${file}</BaseURL>\n` +
    `${i2}</Representation>\n` +
    `${indent}</AdaptationSet>\n`;
  if (!/\n[ \t]*<\/Period>/.test(mpd)) throw new Error('MPD has no </Period>');
  return mpd.replace(/(\n)([ \t]*<\/Period>)/, `$1${set}$2`);
}

export function addSubtitlesToMaster(master: string, lang: string, playlist: string): string {
  const name = LANGUAGE_NAMES[lang] ?? lang;
  const media = `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="${name}",LANGUAGE="${lang}",DEFAULT=NO,AUTOSELECT=YES,URI="${playlist}"`;
  const lines = master.split('\n');
  const lastMedia = lines.reduce((at, l, i) => (l.startsWith('#EXT-X-MEDIA:') || l.startsWith('#EXT-X-VERSION') ? i : at), 0);
  lines.splice(lastMedia + 1, 0, media);
  return lines.map((l) => (l.startsWith('#EXT-X-STREAM-INF:') && !l.includes('SUBTITLES=') ? `${l},SUBTITLES="subs"` : l)).join('\n');
}

export function subtitlesPlaylist(file: string, duration: number): string {
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    `#EXT-X-TARGETDURATION:${Math.ceil(duration)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${duration.toFixed(3)},`,
    file,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

/** Make the clear package. */
export async function packageVideo(opts: PackageOptions): Promise<PackageResult> {
  const ffmpeg = opts.ffmpegPath ?? 'ffmpeg';
  const renditions = opts.renditions ?? DEFAULT_RENDITIONS;
  const fps = opts.fps ?? 30;
  const segmentSeconds = opts.segmentSeconds ?? 2;
  const fit = opts.fit ?? 'pad';
  const lang = opts.subtitlesLang ?? 'en';
  if (!/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/.test(lang)) throw new Error(`bad subtitles language '${lang}'`);
  if (renditions.length === 0) throw new Error('at least one rendition');
  for (const r of renditions) {
    if (r.width % 2 || r.height % 2) throw new Error(`rendition ${r.width}x${r.height} must have even dimensions`);
  }

  const info = await probe(opts.input, opts.ffprobePath, opts.signal);
  if (!info.hasVideo) throw new Error(`${opts.input} has no video stream`);
  if (!(info.duration > 0)) throw new Error(`${opts.input}: unknown duration`);

  let vtt: string | undefined;
  if (opts.subtitles) {
    vtt = await readFile(opts.subtitles, 'utf8');
    if (!/^(\uFEFF)?WEBVTT/.test(vtt)) throw new Error(`${opts.subtitles} is not a WebVTT file`);
  }

  await prepareOutDir(opts.outDir, opts.overwrite ?? false);
  const onProgress = opts.onProgress;
  onProgress?.('transcoding', 0);
  await run(
    ffmpeg,
    [...(onProgress ? ['-progress', 'pipe:1', '-nostats'] : []), ...ladderArgs({
      input: opts.input,
      outDir: opts.outDir,
      renditions,
      audioBitrate: opts.audioBitrate ?? 96_000,
      fps,
      segmentSeconds,
      fit,
      preset: opts.preset ?? 'medium',
      hasAudio: info.hasAudio,
      duration: info.duration,
    })],
    {
      signal: opts.signal,
      onStdoutLine: onProgress
        ? (line) => {
            const seconds = progressSeconds(line);
            if (seconds !== null) onProgress('transcoding', Math.min(1, seconds / info.duration));
          }
        : undefined,
    },
  );

  // Poster and thumbnail from one decoded frame.
  const posterAt = opts.posterAt ?? Math.min(3, info.duration / 10);
  await run(ffmpeg, [
    '-nostdin', '-y', '-hide_banner', '-loglevel', 'error',
    '-ss', posterAt.toFixed(3), '-i', opts.input,
    '-filter_complex', `[0:v:0]split=2[a][b];[a]${fitFilter(720, 1280, fit)}[p];[b]${fitFilter(360, 640, fit)}[t]`,
    '-map', '[p]', '-frames:v', '1', '-q:v', '3', join(opts.outDir, 'poster.jpg'),
    '-map', '[t]', '-frames:v', '1', '-q:v', '4', join(opts.outDir, 'thumb.jpg'),
  ], { signal: opts.signal });
  onProgress?.('transcoding', 1);

  const names = await readdir(opts.outDir);
  for (const name of names.filter((n) => /^media_\d+\.m3u8$/.test(n))) {
    const p = join(opts.outDir, name);
    await writeFile(p, tidyMediaPlaylist(await readFile(p, 'utf8')));
  }
  if (!names.includes('master.m3u8')) throw new Error('ffmpeg wrote no master.m3u8');

  const mpdPath = join(opts.outDir, 'manifest.mpd');
  let mpd = await readFile(mpdPath, 'utf8');
  const duration = parseIsoDuration(/mediaPresentationDuration="([^"]+)"/.exec(mpd)?.[1] ?? '');

  if (vtt !== undefined && opts.subtitles) {
    const vttName = `subtitles-${lang}.vtt`;
    const playlistName = `subtitles-${lang}.m3u8`;
    await copyFile(opts.subtitles, join(opts.outDir, vttName));
    await writeFile(join(opts.outDir, playlistName), subtitlesPlaylist(vttName, duration));
    mpd = addSubtitlesToMpd(mpd, lang, vttName);
    const masterPath = join(opts.outDir, 'master.m3u8');
    await writeFile(masterPath, addSubtitlesToMaster(await readFile(masterPath, 'utf8'), lang, playlistName));
  }
  await writeFile(mpdPath, mpd);

  return {
    outDir: opts.outDir,
    duration,
    renditions,
    hasSubtitles: vtt !== undefined,
    files: (await readdir(opts.outDir)).sort(),
  };
}

/**
 * Package and encrypt: the clear package goes to a temporary folder, the protected one to `outDir`.
 * The caller owns the key (generate with newContentKey(), store with sealContentKey()).
 */
export async function packageProtected(
  opts: PackageOptions & {
    keyId: Buffer;
    key: Buffer;
    hlsKeyUri?: string;
    /** Parent of the temporary clear package (default the OS temp folder); a caller that cleans it after a crash names its own. */
    workDir?: string;
  },
): Promise<PackageResult> {
  if (opts.workDir) await mkdir(opts.workDir, { recursive: true });
  const clearDir = await mkdtemp(join(opts.workDir ?? tmpdir(), 'kilig-clear-'));
  try {
    const clear = await packageVideo({ ...opts, outDir: clearDir, overwrite: true });
    opts.signal?.throwIfAborted();
    opts.onProgress?.('encrypting', 0);
    await prepareOutDir(opts.outDir, opts.overwrite ?? false);
    await encryptPackage({ sourceDir: clearDir, outDir: opts.outDir, keyId: opts.keyId, key: opts.key, hlsKeyUri: opts.hlsKeyUri });
    opts.onProgress?.('encrypting', 1);
    return { ...clear, outDir: opts.outDir, files: (await readdir(opts.outDir)).sort() };
  } finally {
    await rm(clearDir, { recursive: true, force: true });
  }
}
