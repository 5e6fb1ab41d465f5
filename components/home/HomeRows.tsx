import { listBanners, listLatest, listTitles, listTitlesGroupedByGenre } from '@/lib/server/cache';
import { GENRE_GROUP_MOVIES, MOVIE_TYPE } from '@/lib/constants';
import { genresHref, seriesHref } from '@/lib/routes';
import { TitleRow } from '@/components/catalog/TitleRow';
import { BannerCarousel } from './BannerCarousel';
import { BrandHero } from './BrandHero';
import { ContinueWatchingRow } from './ContinueWatchingRow';
import { SubscribePromo } from './SubscribePromo';

const ROW_SIZE = 12;

/**
 * Home (spec §2, §7 content calls): the banner carousel, continue watching (this device's history, filled in on the
 * client), Latest, Movies, Series, 'Subscribe Now' for non-subscribers, then one row per genre.
 */
export async function HomeRows() {
  const [banners, latest, movies, series, byGenre] = await Promise.all([
    listBanners(),
    listLatest({ limit: ROW_SIZE }),
    listTitles({ type: MOVIE_TYPE.MOVIE, limit: ROW_SIZE }),
    listTitles({ type: MOVIE_TYPE.SERIES, limit: ROW_SIZE }),
    listTitlesGroupedByGenre(GENRE_GROUP_MOVIES),
  ]);

  return (
    <>
      {banners.length > 0 ? <BannerCarousel banners={banners} /> : <BrandHero />}
      <div className="mt-8 space-y-10 md:mt-10 md:space-y-12">
        <ContinueWatchingRow />
        <TitleRow title="Latest" titles={latest} seeAllHref={genresHref()} eager />
        <TitleRow title="Movies" titles={movies.items} seeAllHref={genresHref()} />
        <TitleRow title="Series" titles={series.items} seeAllHref={seriesHref()} />
        <SubscribePromo />
        {byGenre.map(({ genre, movies: titles }) => (
          <TitleRow key={genre._id} title={genre.name} titles={titles} seeAllHref={genresHref({ genre: genre.slug })} />
        ))}
      </div>
    </>
  );
}
