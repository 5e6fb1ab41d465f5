import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import { newId } from '@/lib/ids';
import { artistHref } from '@/lib/routes';
import { catalogChanged } from '@/lib/server/cache';
import type { Db } from '@/lib/server/db/client';
import { artists, categories, tags } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { actorOf, writeAudit } from './audit';
import { uniqueSlug } from './slug';

/**
 * What a title's form picks from: genres (categories), the fixed list of tags (editors choose, never create), and
 * artists (chosen, or added by name).
 */

type Actor = { id: string; email: string | null };
export type Option = { id: string; name: string };

/** GET api/admin/taxonomy */
export async function listTaxonomy(db: Db): Promise<{ genres: Option[]; tags: Option[]; artists: Option[] }> {
  const [g, t, a] = await Promise.all([
    db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.sortOrder), asc(categories.name)),
    db.select({ id: tags.id, name: tags.name }).from(tags).orderBy(asc(tags.name)),
    db.select({ id: artists.id, name: artists.name }).from(artists).orderBy(asc(artists.name)),
  ]);
  return { genres: g, tags: t, artists: a };
}

/** POST api/admin/taxonomy/artists: an artist by name; the same name (any case) answers the existing one (409). */
export async function createArtist(db: Db, user: Actor, name: string): Promise<Option> {
  const artist = await db.transaction(async (tx) => {
    const [same] = await tx.select({ id: artists.id }).from(artists).where(eq(sql`lower(${artists.name})`, name.toLowerCase()));
    if (same) throw new AppError('E_CONFLICT', `${name} is in the list already: pick them.`);
    const [row] = await tx.insert(artists).values({ id: newId(), name, slug: await uniqueSlug(tx, artists, name) }).returning();
    await writeAudit(tx, actorOf(user), { action: 'artist.create', entity: 'artist', entityId: row.id, before: null, after: row });
    return { id: row.id, name: row.name };
  });
  await catalogChanged({ paths: [artistHref()] });
  return artist;
}
