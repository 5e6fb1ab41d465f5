import { describe, expect, it } from 'vitest';
import { progressSeconds } from '@/lib/server/media/ffmpeg';
import { isInside } from '@/lib/env';
import { isVideoFileName, isWebVtt } from '@/lib/contracts/studio-media';
import { looksLikeVideo } from './uploads';

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('looksLikeVideo', () => {
  it('knows the containers ffmpeg reads by their first bytes', () => {
    expect(looksLikeVideo(bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 0, 0]))).toBe(true);
    expect(looksLikeVideo(bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 0, 0]))).toBe(true);
    expect(looksLikeVideo(bytes([0x1a, 0x45, 0xdf, 0xa3], [0x93, 0x42, 0x82, 0x88], 'matroska'))).toBe(true);
    expect(looksLikeVideo(bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'))).toBe(true);
    const ts = Buffer.alloc(376);
    ts[0] = 0x47;
    ts[188] = 0x47;
    expect(looksLikeVideo(ts)).toBe(true);
  });

  it('refuses text, images, archives and a lone TS sync byte', () => {
    expect(looksLikeVideo(Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nhi\n'))).toBe(false);
    expect(looksLikeVideo(bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 0]))).toBe(false);
    expect(looksLikeVideo(bytes('PK', [3, 4], 'xxxxxxxxxx'))).toBe(false);
    expect(looksLikeVideo(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBe(false);
    const fake = Buffer.alloc(376, 1);
    fake[0] = 0x47;
    expect(looksLikeVideo(fake)).toBe(false);
    expect(looksLikeVideo(Buffer.alloc(4))).toBe(false);
  });
});

describe('upload checks shared with the panel', () => {
  it('tells video file names and WebVTT text', () => {
    expect(isVideoFileName('Episode 1.MP4')).toBe(true);
    expect(isVideoFileName('clip.mkv')).toBe(true);
    expect(isVideoFileName('clip.mp4.txt')).toBe(false);
    expect(isWebVtt('WEBVTT\n\n')).toBe(true);
    expect(isWebVtt('\uFEFFWEBVTT - Kilig\r\n')).toBe(true);
    expect(isWebVtt('WEBVTTX\n')).toBe(false);
    expect(isWebVtt('1\n00:00:01,000 --> 00:00:02,000\n')).toBe(false);
  });

  it('reads ffmpeg -progress lines', () => {
    expect(progressSeconds('out_time_us=1500000')).toBe(1.5);
    expect(progressSeconds('out_time_ms=2000000')).toBe(2);
    expect(progressSeconds('out_time_us=N/A')).toBeNull();
    expect(progressSeconds('frame=12')).toBeNull();
  });

  it('knows when the upload folder lies inside the public media folder', () => {
    expect(isInside('.data/media/uploads', '.data/media')).toBe(true);
    expect(isInside('.data/media', '.data/media')).toBe(true);
    expect(isInside('.data/uploads', '.data/media')).toBe(false);
    expect(isInside('.data/media-uploads', '.data/media')).toBe(false);
  });
});
