import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('next/cache', () => ({ revalidatePath: vi.fn() }));
vi.mock('@/lib/server/catalog', () => ({
  listGenres: vi.fn(async () => [{ _id: 'g', name: 'Romance', slug: 'romance' }]),
  listBanners: vi.fn(async () => []),
  listLatest: vi.fn(async () => []),
  listTitles: vi.fn(async (opts: { limit?: number }) => ({ items: [], total: opts?.limit ?? 0 })),
  listTitlesGroupedByGenre: vi.fn(async () => []),
  listArtists: vi.fn(async () => []),
  searchTitles: vi.fn(async () => ({ items: [], total: 0 })),
  getTitle: vi.fn(async (id: string) => (id === 'missing' ? null : { _id: id, name: 'Tahan Na, Mahal' })),
}));

const catalog = vi.mocked(await import('@/lib/server/catalog'));
const { revalidatePath } = vi.mocked(await import('next/cache'));
const cache = await import('./cache');

afterEach(() => {
  cache.clearCatalogMemo();
  vi.clearAllMocks();
});

describe('catalogue memo', () => {
  it('answers the same arguments from memory and different ones with a new read', async () => {
    await cache.listTitles({ limit: 5 });
    await cache.listTitles({ limit: 5 });
    await cache.listTitles({ limit: 6 });
    expect(catalog.listTitles).toHaveBeenCalledTimes(2);
  });

  it('reads again after the time to live', async () => {
    vi.useFakeTimers();
    try {
      await cache.listGenres();
      vi.advanceTimersByTime(61_000);
      await cache.listGenres();
      expect(catalog.listGenres).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep a failed read', async () => {
    catalog.listArtists.mockRejectedValueOnce(new Error('db down'));
    await expect(cache.listArtists()).rejects.toThrow('db down');
    await expect(cache.listArtists()).resolves.toEqual([]);
    expect(catalog.listArtists).toHaveBeenCalledTimes(2);
  });

  it('searches case-insensitively under one key', async () => {
    await cache.searchTitles('  Lihim ');
    await cache.searchTitles('lihim');
    expect(catalog.searchTitles).toHaveBeenCalledTimes(1);
    expect(catalog.searchTitles).toHaveBeenCalledWith('lihim', {});
  });

  it('a list toggle drops the title and card lists, and revalidates both spellings of its page path in both languages', async () => {
    await cache.getTitle('t1');
    await cache.listTitles({ limit: 5 });
    await cache.listGenres();
    await cache.titleEngagementChanged('t1');
    // Next knows the pages by their paths inside app/[locale].
    for (const locale of ['en', 'fil']) {
      expect(revalidatePath).toHaveBeenCalledWith(`/${locale}/movie/Tahan-Na%2C-Mahal-t1`);
      expect(revalidatePath).toHaveBeenCalledWith(`/${locale}/movie/Tahan-Na,-Mahal-t1`);
    }
    expect(revalidatePath).toHaveBeenCalledTimes(4);
    await cache.getTitle('t1');
    await cache.listTitles({ limit: 5 });
    await cache.listGenres();
    expect(catalog.getTitle).toHaveBeenCalledTimes(2);
    expect(catalog.listTitles).toHaveBeenCalledTimes(2);
    expect(catalog.listGenres).toHaveBeenCalledTimes(1); // genres do not change with a toggle
  });

  it('outside a request there is nothing to revalidate, and that is fine', async () => {
    revalidatePath.mockImplementation(() => {
      throw new Error('Invariant: static generation store missing');
    });
    await expect(cache.titleEngagementChanged('t1')).resolves.toBeUndefined();
    await expect(cache.titleEngagementChanged('missing')).resolves.toBeUndefined();
  });
});
