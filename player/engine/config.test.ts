import { describe, expect, it } from 'vitest';
import { BUFFERING } from '../constants';
import { drmServersFor, mergeInto, playerConfig } from './config';

const media = { licenseUrl: '/api/drm/clearkey/0123456789abcdef01234567', drmKeyId: 'a0cc41dbce150eb14e5eed0ccc7fc347' };
const none = { widevine: '', playready: '', fairplay: '' };

describe('DRM servers', () => {
  it("locally: ClearKey with the app's license endpoint, made absolute", () => {
    expect(drmServersFor(media, none, 'http://localhost:3000')).toEqual({ 'org.w3.clearkey': 'http://localhost:3000/api/drm/clearkey/0123456789abcdef01234567' });
  });

  it('in production: Widevine and PlayReady from env, FairPlay built from the upper-cased drmKeyId', () => {
    const env = { widevine: 'https://drm.example/wv', playready: 'https://drm.example/pr', fairplay: 'https://drm.example/fps/' };
    expect(drmServersFor(media, env, 'https://kilig.ph')).toEqual({
      'com.widevine.alpha': 'https://drm.example/wv',
      'com.microsoft.playready': 'https://drm.example/pr',
      'com.apple.fps': 'https://drm.example/fps/A0CC41DBCE150EB14E5EED0CCC7FC347',
    });
  });
});

describe('player configuration', () => {
  it('desktop and mobile retry parameters, buffering goals, and no DRM servers when asked to play without', () => {
    const desktop = playerConfig({ media, drm: true, isMobile: false, buffering: BUFFERING.highEndDevice, env: none, origin: 'http://localhost', quality: 'auto' });
    expect(desktop.drm.retryParameters).toEqual({ timeout: 3000, maxAttempts: 2 });
    expect(desktop.streaming).toMatchObject({ retryParameters: { timeout: 15000, maxAttempts: 2 }, bufferingGoal: 10, rebufferingGoal: 2, bufferBehind: 30 });
    // A stream Shaka gave up on after a failed request is tried again after 4 s, on Auto too (Shaka's default: 30 s).
    expect(desktop.streaming.maxDisabledTime).toBe(4);
    // Dropped frames may ban a stream on Auto only (a viewer's choice holds), and for as long as an error does.
    expect(desktop.abr).toMatchObject({ droppedFrames: true, advanced: { droppedFramesBanDuration: 4 } });
    for (const quality of ['saver', 'hd'] as const) {
      expect(playerConfig({ media, drm: true, isMobile: false, buffering: BUFFERING.default, env: none, origin: 'http://l', quality }).abr.droppedFrames).toBe(false);
    }
    expect(desktop.manifest.retryParameters).toEqual({ timeout: 10000, maxAttempts: 2 });
    const mobile = playerConfig({ media, drm: false, isMobile: true, buffering: BUFFERING.poorNetwork, env: none, origin: 'http://localhost', quality: 'auto' });
    expect(mobile.drm).toEqual({ servers: {}, retryParameters: { timeout: 4000, maxAttempts: 1 } });
    expect(mobile.streaming.retryParameters).toEqual({ timeout: 8000, maxAttempts: 1 });
    expect(mobile.manifest.retryParameters).toEqual({ timeout: 6000, maxAttempts: 1 });
  });

  it('merges over a full configuration without losing its functions or other sections', () => {
    const factory = () => null;
    const full = { drm: { servers: { old: 'x' }, keep: 1 }, streaming: { bufferingGoal: 1, other: true }, abrFactory: factory, manifest: { dash: { clockSyncUri: 'x', ignoreMinBufferTime: false } } };
    const ours = playerConfig({ media, drm: true, isMobile: false, buffering: BUFFERING.default, env: none, origin: 'http://l', quality: 'saver' });
    const merged = mergeInto(full, ours);
    expect(merged.abrFactory).toBe(factory);
    expect(merged.drm).toMatchObject({ keep: 1, servers: { 'org.w3.clearkey': 'http://l/api/drm/clearkey/0123456789abcdef01234567' } });
    expect(merged.drm.servers).not.toHaveProperty('old');
    expect(merged.manifest.dash).toEqual({ clockSyncUri: 'x', ignoreMinBufferTime: true });
    expect(merged.streaming).toMatchObject({ other: true, bufferingGoal: 5 });
    expect(full.drm.servers).toEqual({ old: 'x' });
    expect(merged).toMatchObject({ abr: { restrictions: { minPixels: 0, maxPixels: 360 * 640 }, droppedFrames: false } });
  });
});
