import { cache } from 'react';
import { toCardView, type CardView } from '@/lib/contracts/catalog';

/** This render's card views by title id (React's cache: one Map per server request; no caching outside one). */
const viewsOfRender = cache(() => new Map<string, CardView>());

/**
 * The CardView a list hands a poster card (toCardView), one object per title for the whole render: home shows the
 * same title in several rows (Latest, Series, its genres), and React writes an object it has already sent as a
 * reference to the first copy, so a repeated card costs the payload a few bytes instead of its fields again.
 */
export function cardViewOf(title: CardView): CardView {
  const views = viewsOfRender();
  let view = views.get(title._id);
  if (!view) views.set(title._id, (view = toCardView(title)));
  return view;
}

/** Card views by title id: what a page's rows share (HomeRows), each row naming its titles by id. */
export type CardViews = Record<string, CardView>;

/**
 * One record of the card views of every title in `lists`, for rows that name their titles by id (RowCards): React
 * writes a prop object once and refers to it after, so home's rows carry each title's fields once and, per card, its
 * id only (a reference to an object already sent is a path as long as the fields: ~170 bytes a repeated card).
 */
export function cardViewsOf(lists: CardView[][]): CardViews {
  const views: CardViews = {};
  for (const list of lists) for (const title of list) views[title._id] ??= cardViewOf(title);
  return views;
}
