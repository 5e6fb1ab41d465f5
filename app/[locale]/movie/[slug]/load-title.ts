import 'server-only';
import { cache } from 'react';
import { DETAIL_COLLECTION_LIMIT } from '@/lib/constants';
import { getTitle, listGenres, listTitles } from '@/lib/server/cache';
import { idFromSlug } from '@/lib/routes';

/** One catalogue read per render, shared by the layout (404 check), generateMetadata and the page. */
export const loadTitleBySlug = cache(async (slug: string) => getTitle(idFromSlug(slug)));

/**
 * Everything the page shows, read once per render. 'You Might Like' is the loaded collection (21 items, spec §9)
 * without this title.
 */
export const loadMoviePage = cache(async (slug: string) => {
  const [title, genres, collection] = await Promise.all([loadTitleBySlug(slug), listGenres(), listTitles({ limit: DETAIL_COLLECTION_LIMIT })]);
  return title ? { title, genres, related: collection.items.filter((t) => t._id !== title._id) } : null;
});
