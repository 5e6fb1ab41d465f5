import type { TitleCard } from '@/lib/contracts/catalog';
import { cardViewOf } from './card-view';
import { PosterCard } from './PosterCard';

/** A column's width: half the phone's width (less its margins), at most ~12rem from three columns up. */
const GRID_SIZES = '(min-width: 30rem) 12rem, 46vw';

/**
 * Responsive poster grid: 2 columns on a 360 px phone up to 7 on wide desktops. A grid leads its page (search, a genre,
 * a tag), so its first poster is the largest paint on a phone: fetched with high priority, not with the other images
 * (Lighthouse's LCP request discovery asks for it).
 */
export function PosterGrid({
  titles,
  eagerCount = 6,
  headingLevel = 'h2',
}: {
  titles: TitleCard[];
  eagerCount?: number;
  /** Grids sit right under the page's h1, so their card titles are h2 by default. */
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <ul className="grid grid-cols-2 gap-x-3 gap-y-6 min-[480px]:grid-cols-3 md:grid-cols-4 md:gap-x-4 lg:grid-cols-5 xl:grid-cols-6 2xl:grid-cols-7">
      {titles.map((title, i) => (
        <li key={title._id}>
          <PosterCard title={cardViewOf(title)} eager={i < eagerCount} priority={i === 0} sizes={GRID_SIZES} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
