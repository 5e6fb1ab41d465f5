import type { TitleCard } from '@/lib/contracts/catalog';
import { cardViewOf } from './card-view';
import { PosterCard } from './PosterCard';

/** Responsive poster grid: 2 columns on a 360 px phone up to 7 on wide desktops. */
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
          <PosterCard title={cardViewOf(title)} eager={i < eagerCount} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
