import { describe, expect, it } from 'vitest';
import { absoluteUrl, isPlayableManifestUrl, manifestChain } from './manifest-chain';

const media = {
  dashManifest: 'https://cdn.example/v/manifest.mpd',
  safariManifest: 'https://cdn.example/v/master.m3u8',
  mobileManifest: 'https://cdn.example/v/mobile.mpd',
  fallbackManifest: 'https://cdn.example/v/fallback.m3u8',
  videoUrl: 'https://cdn.example/v/video.mpd',
};

describe('manifest fallback chain (spec §8)', () => {
  it('Safari/iOS: HLS, then dashManifest (or fallbackManifest), then videoUrl', () => {
    expect(manifestChain(media, 'apple')).toEqual([
      { url: media.safariManifest, drm: true },
      { url: media.dashManifest, drm: true },
      { url: media.videoUrl, drm: true },
    ]);
    expect(manifestChain({ ...media, dashManifest: '' }, 'apple')[1].url).toBe(media.fallbackManifest);
  });

  it('mobile: the mobile manifest, then fallbackManifest or videoUrl, then the same without DRM', () => {
    expect(manifestChain(media, 'mobile')).toEqual([
      { url: media.mobileManifest, drm: true },
      { url: media.fallbackManifest, drm: true },
      { url: media.fallbackManifest, drm: false },
    ]);
    expect(manifestChain({ ...media, fallbackManifest: '' }, 'mobile')[1].url).toBe(media.videoUrl);
  });

  it('desktop: the DASH manifest only', () => {
    expect(manifestChain(media, 'desktop')).toEqual([{ url: media.dashManifest, drm: true }]);
  });

  it('drops repeats', () => {
    const same = { dashManifest: 'a.mpd', safariManifest: 'a.mpd', mobileManifest: 'a.mpd', fallbackManifest: 'a.mpd', videoUrl: 'a.mpd' };
    expect(manifestChain(same, 'apple')).toHaveLength(1);
    expect(manifestChain(same, 'mobile')).toEqual([{ url: 'a.mpd', drm: true }, { url: 'a.mpd', drm: false }]);
  });

  it('a manifest URL must begin with http or //', () => {
    expect(isPlayableManifestUrl('https://x/m.mpd')).toBe(true);
    expect(isPlayableManifestUrl('//cdn/m.mpd')).toBe(true);
    expect(isPlayableManifestUrl('/media/m.mpd')).toBe(false);
    expect(isPlayableManifestUrl('javascript:alert(1)')).toBe(false);
    expect(absoluteUrl('/media/m.mpd', 'http://localhost:3000/episodes/x')).toBe('http://localhost:3000/media/m.mpd');
    expect(absoluteUrl('data:text/plain,x', 'http://localhost:3000/')).toBe('data:text/plain,x');
  });
});
