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
