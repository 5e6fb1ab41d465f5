import 'server-only';
import { spawn, spawnSync } from 'node:child_process';

/** Thin wrappers around the system ffmpeg/ffprobe (Debian ffmpeg 5.1 on the reference machine). */

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'FfmpegError';
  }
}

export function run(bin: string, args: string[], opts: { stdout?: boolean } = {}): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', opts.stdout ? 'pipe' : 'ignore', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout?.on('data', (d: Buffer) => out.push(d));
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
      if (err.length > 64_000) err = err.slice(-32_000);
    });
    child.on('error', (e) => reject(new FfmpegError(`${bin} could not start: ${e.message}`, err)));
    child.on('close', (code, signal) => {
      if (code === 0) resolvePromise({ stdout: Buffer.concat(out), stderr: err });
      else reject(new FfmpegError(`${bin} exited with ${signal ?? code}: ${err.trim().split('\n').slice(-5).join(' | ')}`, err));
    });
  });
}

/** True when an ffmpeg binary answers `-version` (used by tests to skip). */
export function hasFfmpeg(bin = 'ffmpeg'): boolean {
  try {
    return spawnSync(bin, ['-hide_banner', '-version'], { stdio: 'ignore' }).status === 0;
  } catch {
    return false;
  }
}

export interface ProbeResult {
  duration: number;
  hasVideo: boolean;
  hasAudio: boolean;
  width?: number;
  height?: number;
}

export async function probe(input: string, ffprobe = 'ffprobe'): Promise<ProbeResult> {
  const { stdout } = await run(
    ffprobe,
    ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,width,height', '-of', 'json', input],
    { stdout: true },
  );
  const json = JSON.parse(stdout.toString()) as {
    format?: { duration?: string };
    streams?: { codec_type?: string; width?: number; height?: number }[];
  };
  const streams = json.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video');
  return {
    duration: Number(json.format?.duration ?? NaN),
    hasVideo: Boolean(video),
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
    width: video?.width,
    height: video?.height,
  };
}
