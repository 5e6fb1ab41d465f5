import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { find, parseBoxes } from './cenc/boxes';
import { hasFfmpeg as ffmpegAvailable, probe, run } from './ffmpeg';
import { addSubtitlesToMaster, addSubtitlesToMpd, packageProtected, packageVideo, parseIsoDuration } from './package';

const hasFfmpeg = ffmpegAvailable();

describe('packaging helpers', () => {
  it('parses ISO 8601 durations', () => {
    expect(parseIsoDuration('PT32.0S')).toBe(32);
    expect(parseIsoDuration('PT1M4.5S')).toBe(64.5);
    expect(parseIsoDuration('PT1H')).toBe(3600);
    expect(() => parseIsoDuration('32s')).toThrow();
  });

  it('adds a WebVTT AdaptationSet to the MPD and a SUBTITLES group to the HLS master', () => {
    const mpd = '<MPD>\n\t<Period id="0">\n\t\t<AdaptationSet id="0" contentType="video">\n\t\t</AdaptationSet>\n\t\t<AdaptationSet id="1" contentType="audio">\n\t\t</AdaptationSet>\n\t</Period>\n</MPD>';
    const out = addSubtitlesToMpd(mpd, 'en', 'subtitles-en.vtt');
    expect(out).toContain('<AdaptationSet id="2" contentType="text" mimeType="text/vtt" lang="en">');
    expect(out).toContain('<BaseURL>subtitles-en.vtt</BaseURL>');
    expect(out).toContain('<Label>English</Label>');
    expect(addSubtitlesToMpd(mpd, 'fil', 'subtitles-fil.vtt')).toContain('<Label>Filipino</Label>');
    expect(out.indexOf('id="2"')).toBeLessThan(out.indexOf('</Period>'));

    const master = '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_A1",URI="media_2.m3u8"\n#EXT-X-STREAM-INF:BANDWIDTH=1,AUDIO="group_A1"\nmedia_0.m3u8\n';
    const m = addSubtitlesToMaster(master, 'en', 'subtitles-en.m3u8');
    expect(m.split('\n')[3]).toBe('#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,URI="subtitles-en.m3u8"');
    expect(m).toContain('#EXT-X-STREAM-INF:BANDWIDTH=1,AUDIO="group_A1",SUBTITLES="subs"');
  });
});

describe.skipIf(!hasFfmpeg)('packageVideo (ffmpeg)', () => {
  let work: string;
  let out: string;
  let result: Awaited<ReturnType<typeof packageVideo>>;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'kilig-pkg-test-'));
    // A landscape 25 fps source with audio: the packager must fit it into 9:16 and re-time it to 30 fps.
    const src = join(work, 'landscape.mp4');
    await run('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=25:d=5',
      '-f', 'lavfi', '-i', 'sine=frequency=500:duration=5', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', src]);
    const vtt = join(work, 'subs.vtt');
    await writeFile(vtt, 'WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nKumusta?\n');
    out = join(work, 'out');
    result = await packageVideo({ input: src, outDir: out, subtitles: vtt, preset: 'veryfast' });
  }, 120_000);

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('writes the DASH + HLS ladder, poster, thumbnail and subtitles under the agreed names', async () => {
    const files = await readdir(out);
    for (const f of ['manifest.mpd', 'master.m3u8', 'media_0.m3u8', 'media_1.m3u8', 'media_2.m3u8', 'init-stream0.m4s',
      'init-stream1.m4s', 'init-stream2.m4s', 'chunk-stream0-00001.m4s', 'chunk-stream2-00001.m4s', 'poster.jpg', 'thumb.jpg',
      'subtitles-en.vtt', 'subtitles-en.m3u8']) {
      expect(files, f).toContain(f);
    }
    expect(result.duration).toBeCloseTo(5, 0);
    expect(result.hasSubtitles).toBe(true);
    expect(files.filter((f) => f.startsWith('chunk-stream0-'))).toHaveLength(3); // 2 s segments over 5 s
    const mpd = await readFile(join(out, 'manifest.mpd'), 'utf8');
    expect(mpd).toContain('mimeType="text/vtt" lang="en"');
    expect(mpd).toMatch(/width="360" height="640"/);
    expect(mpd).toMatch(/width="720" height="1280"/);
    expect(await readFile(join(out, 'master.m3u8'), 'utf8')).toContain('TYPE=SUBTITLES');
    expect(await readFile(join(out, 'media_0.m3u8'), 'utf8')).not.toContain('PROGRAM-DATE-TIME');
  });

  it('encodes 9:16 H.264/AAC with a keyframe at the start of every segment', async () => {
    for (const [stream, w, h] of [['0', 360, 640], ['1', 720, 1280]] as const) {
      const chunks = (await readdir(out)).filter((f) => f.startsWith(`chunk-stream${stream}-`)).sort();
      for (const chunk of chunks) {
        const pair = join(work, `pair-${chunk}.mp4`);
        await writeFile(pair, Buffer.concat([await readFile(join(out, `init-stream${stream}.m4s`)), await readFile(join(out, chunk))]));
        const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries',
          'stream=codec_name,profile,pix_fmt,width,height,r_frame_rate:packet=flags', '-of', 'json', pair], { stdout: true });
        const json = JSON.parse(stdout.toString()) as { streams: Record<string, string | number>[]; packets: { flags: string }[] };
        expect(json.streams[0]).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: w, height: h, r_frame_rate: '30/1' });
        expect(['Main', 'High']).toContain(json.streams[0].profile);
        expect(json.packets[0].flags.startsWith('K'), chunk).toBe(true);
        expect(json.packets.filter((p) => p.flags.startsWith('K'))).toHaveLength(1);
      }
    }
    const audio = await probe(join(out, 'init-stream2.m4s'));
    expect(audio.hasAudio).toBe(true);
    const poster = await probe(join(out, 'poster.jpg'));
    const thumb = await probe(join(out, 'thumb.jpg'));
    expect([poster.width, poster.height, thumb.width, thumb.height]).toEqual([720, 1280, 360, 640]);
  });

  it('refuses to overwrite a non-empty folder unless asked', async () => {
    await expect(packageVideo({ input: join(work, 'landscape.mp4'), outDir: out })).rejects.toThrow(/not empty/);
  });

  it('packageProtected writes an encrypted package and no clear leftovers', async () => {
    const protectedDir = join(work, 'protected');
    const r = await packageProtected({
      input: join(work, 'landscape.mp4'),
      outDir: protectedDir,
      preset: 'veryfast',
      renditions: [{ width: 360, height: 640, videoBitrate: 200_000 }],
      keyId: randomBytes(16),
      key: randomBytes(16),
      hlsKeyUri: '/k',
    });
    expect(r.files).toContain('manifest.mpd');
    const init = parseBoxes(await readFile(join(protectedDir, 'init-stream0.m4s')));
    expect(find(init, 'moov/trak/mdia/minf/stbl/stsd')!.children![0].type).toBe('encv');
    expect(await readFile(join(protectedDir, 'media_0.m3u8'), 'utf8')).toContain('METHOD=SAMPLE-AES-CTR');
  }, 60_000);
});
