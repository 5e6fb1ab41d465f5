import { useTranslations } from 'next-intl';
import type { Banner, Genre, TitleCard } from '@/lib/contracts/catalog';
import { genresHref, seriesHref } from '@/lib/routes';
import { TitleRow } from '@/components/catalog/TitleRow';
import { cardViewsOf } from '@/components/catalog/card-view';
import { BannerCarousel } from './BannerCarousel';
import { BrandHero } from './BrandHero';
import { ContinueWatchingRow } from './ContinueWatchingRow';
import { SubscribePromo } from './SubscribePromo';

/**
 * Home (spec §2, §7 content calls): the banner carousel, continue watching (this device's history, filled in on the
 * client), Latest, Movies, Series, 'Subscribe Now' for non-subscribers, then one row per genre.
 */
export type HomeData = {
  banners: Banner[];
  latest: TitleCard[];
  movies: TitleCard[];
  series: TitleCard[];
  byGenre: { genre: Genre; movies: TitleCard[] }[];
};

export function HomeRows({ banners, latest, movies, series, byGenre }: HomeData) {
  const t = useTranslations('home.rows');
  const cards = cardViewsOf([latest, movies, series, ...byGenre.map((row) => row.movies)]);
  return (
    <>
      {banners.length > 0 ? <BannerCarousel banners={banners} /> : <BrandHero />}
      <div className="mt-8 space-y-10 md:mt-10 md:space-y-12">
        <ContinueWatchingRow />
        <TitleRow title={t('latest')} titles={latest} cards={cards} seeAllHref={genresHref()} eager />
        <TitleRow title={t('movies')} titles={movies} cards={cards} seeAllHref={genresHref()} />
        <TitleRow title={t('series')} titles={series} cards={cards} seeAllHref={seriesHref()} />
        <SubscribePromo />
        {byGenre.map(({ genre, movies: titles }) => (
          <TitleRow key={genre._id} title={genre.name} titles={titles} cards={cards} seeAllHref={genresHref({ genre: genre.slug })} />
        ))}
      </div>
    </>
  );
}
