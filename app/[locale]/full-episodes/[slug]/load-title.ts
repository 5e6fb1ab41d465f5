import 'server-only';
import { cache } from 'react';
import { getTitle } from '@/lib/server/cache';
import { idFromSlug } from '@/lib/routes';

/** One catalogue read per render, shared by the layout (404 check), generateMetadata and the page. */
export const loadTitleBySlug = cache(async (slug: string) => getTitle(idFromSlug(slug)));
