import { Suspense } from 'react';
import type { Metadata } from 'next';
import { pageMetadata } from '@/lib/page-metadata';
import { publicEnv } from '@/lib/env';
import { MINIMUM_AGE } from '@/lib/constants';
import { homeHref } from '@/lib/routes';
import { listBanners } from '@/lib/server/cache';
import { HomeRows } from '@/components/home/HomeRows';
import { HomeSkeleton } from '@/components/home/HomeSkeleton';

const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;

export async function generateMetadata(): Promise<Metadata> {
  const [banner] = await listBanners();
  return pageMetadata({
    path: homeHref(),
    description: `${brand}: vertical short dramas and movies made for your phone. Romance, revenge and family secrets in minutes-long episodes, for viewers ${MINIMUM_AGE}+ in the Philippines.`,
    image: banner?.image,
  });
}

/** Cached and re-rendered in the background at most every 5 minutes: home is the same for everyone. */
export const revalidate = 300;

/**
 * Home. Its loading state is this Suspense boundary rather than app/loading.tsx: a root loading.tsx would wrap every
 * route, start streaming before nested pages run, and turn their notFound() into a 200 (movie pages must answer 404).
 */
export default function HomePage() {
  return (
    <>
      <h1 className="sr-only">{brand}: vertical short dramas and movies</h1>
      <Suspense fallback={<HomeSkeleton />}>
        <HomeRows />
      </Suspense>
    </>
  );
}
