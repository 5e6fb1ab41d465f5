import { z } from 'zod';

/** Spec §7 pagination: `start` is the 1-based page, `limit` the page size. Out-of-range values are 4xx, not clamped. */
const page = z.coerce.number().int('start must be a whole number').min(1, 'start starts at 1').max(10_000);
const pageSize = z.coerce.number().int('limit must be a whole number').min(1, 'limit is at least 1').max(100, 'limit is at most 100');
const id = z.string().regex(/^[0-9a-f]{24}$/, 'unknown id');
const userId = z.string().max(64).optional();

export const pagedQuery = z.object({ userId, start: page.default(1), limit: pageSize.default(20) });
export const mediaCollectionQuery = pagedQuery.extend({ movieSeriesType: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])).optional() });
export const bannersQuery = z.object({ orientation: z.enum(['portrait', 'landscape', 'vertical', 'horizontal']).optional() });
export const groupedQuery = z.object({ userId, moviesStart: page.default(1), moviesLimit: pageSize.default(10) });
export const seriesVideosQuery = pagedQuery.extend({ movieSeriesId: id, limit: pageSize.default(50) });
export const genreContentQuery = z.object({ userId, categoryId: id, start: page.default(1), limit: pageSize.default(50) });
export const searchQuery = z.object({ userId, searchString: z.string().max(200).default(''), start: page.default(1), limit: pageSize.default(20) });
export const videoQuery = z.object({ userId, videoId: id });
export const titleQuery = z.object({ userId, movieSeriesId: id });
export const rateBody = z.object({ userId, videoId: id, rating: z.number().int('rating is a whole number from 1 to 5').min(1).max(5) });
