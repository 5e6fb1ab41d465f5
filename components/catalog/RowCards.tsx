'use client';

import type { CardViews } from './card-view';
import { PosterCard } from './PosterCard';

/**
 * A row's posters, named by id in the card views the page's rows share (cardViewsOf): the payload carries the row as
 * its ids. `eager`: the row near the top, whose first posters load at once.
 */
export function RowCards({ ids, cards, eager }: { ids: string[]; cards: CardViews; eager: boolean }) {
  return ids.map((id, i) => (
    <li key={id}>
      <PosterCard title={cards[id]} eager={eager && i < EAGER_POSTERS} />
    </li>
  ));
}

/** How many posters of the first row load at once: what a wide screen shows of it. */
const EAGER_POSTERS = 6;
