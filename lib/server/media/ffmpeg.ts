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

export type RunOptions = {
  stdout?: boolean;
  /** Stops the child (SIGKILL) and rejects with the signal's reason: a cancelled or abandoned job. */
  signal?: AbortSignal;
  /** Each complete line ffmpeg writes on stdout (with `-progress pipe:1`: `key=value` lines). */
  onStdoutLine?: (line: string) => void;
};

export function run(bin: string, args: string[], opts: RunOptions = {}): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    if (opts.signal?.aborted) {
      reject(opts.signal.reason ?? new Error('aborted'));
      return;
    }
    const wantStdout = Boolean(opts.stdout || opts.onStdoutLine);
    const child = spawn(/*turbopackIgnore: true*/ bin, args, { stdio: ['ignore', wantStdout ? 'pipe' : 'ignore', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    let partial = '';
    const onAbort = () => child.kill('SIGKILL');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout?.on('data', (d: Buffer) => {
      if (opts.stdout) out.push(d);
      if (opts.onStdoutLine) {
        const lines = (partial + d.toString()).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) opts.onStdoutLine(line.trim());
      }
    });
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
      if (err.length > 64_000) err = err.slice(-32_000);
    });
    child.on('error', (e) => {
      opts.signal?.removeEventListener('abort', onAbort);
      reject(new FfmpegError(`${bin} could not start: ${e.message}`, err));
    });
    child.on('close', (code, signal) => {
      opts.signal?.removeEventListener('abort', onAbort);
      if (opts.signal?.aborted) reject(opts.signal.reason ?? new Error('aborted'));
      else if (code === 0) resolvePromise({ stdout: Buffer.concat(out), stderr: err });
      else reject(new FfmpegError(`${bin} exited with ${signal ?? code}: ${err.trim().split('\n').slice(-5).join(' | ')}`, err));
    });
  });
}

/**
 * Seconds of output written so far, from one `-progress` line (`out_time_us=…`; `out_time_ms` is microseconds too,
 * an old ffmpeg misnomer), or null for any other line. ffmpeg prints `N/A` before the first frame.
 */
export function progressSeconds(line: string): number | null {
  const m = /^out_time_(?:us|ms)=(\d+)$/.exec(line);
  return m ? Number(m[1]) / 1_000_000 : null;
}

/** True when an ffmpeg binary answers `-version` (used by tests to skip). */
export function hasFfmpeg(bin = 'ffmpeg'): boolean {
  try {
    return spawnSync(/*turbopackIgnore: true*/ bin, ['-hide_banner', '-version'], { stdio: 'ignore' }).status === 0;
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

export async function probe(input: string, ffprobe = 'ffprobe', signal?: AbortSignal): Promise<ProbeResult> {
  const { stdout } = await run(
    ffprobe,
    ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,width,height', '-of', 'json', input],
    { stdout: true, signal },
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
