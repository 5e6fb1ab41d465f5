import { listBanners, listLatest } from '@/lib/server/cache';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { bannersQuery } from '@/lib/contracts/catalog';

export const dynamic = 'force-dynamic';

/** Banners for the home carousel; `data` holds the titles they feature. Public: the same for everyone. */
export const GET = route({ query: bannersQuery }, async () => {
  const [banners, latest] = await Promise.all([listBanners(), listLatest({ limit: 100 })]);
  const featured = new Set(banners.map((b) => b.movieSeriesId));
  return ok('Banners fetched', { banners, data: latest.filter((t) => featured.has(t._id)) }, { personal: false });
});
