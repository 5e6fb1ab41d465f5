import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES, imageFileName, imageSrcSet } from './images';

describe('imageSrcSet', () => {
  it('offers every stored width of an uploaded poster or banner, smallest first', () => {
    expect(imageSrcSet('https://cdn.example.com/media/images/0123456789abcdef/poster.webp')).toBe(
      'https://cdn.example.com/media/images/0123456789abcdef/poster-360.webp 360w, https://cdn.example.com/media/images/0123456789abcdef/poster.webp 720w',
    );
    expect(imageSrcSet('/media/images/0123456789abcdef/banner.webp')).toBe(
      '/media/images/0123456789abcdef/banner-960.webp 960w, /media/images/0123456789abcdef/banner.webp 1920w',
    );
  });

  it('offers nothing for images that have one file only', () => {
    for (const url of ['/demo/art/kape-at-kilig-poster.svg', 'https://example.com/poster.webp', '/media/images/0123456789abcdef/poster-360.webp', '/media/images/xyz/poster.webp', '', null, undefined]) {
      expect(imageSrcSet(url)).toBeUndefined();
    }
  });

  it('names the largest size as the title keeps it and the others by width', () => {
    expect(imageFileName('poster', IMAGE_SIZES.poster[0].width)).toBe('poster.webp');
    expect(IMAGE_SIZES.poster.slice(1).map((s) => imageFileName('poster', s.width))).toEqual(['poster-360.webp']);
    expect(IMAGE_SIZES.banner.slice(1).map((s) => imageFileName('banner', s.width))).toEqual(['banner-960.webp']);
  });
});
