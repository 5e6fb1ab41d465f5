import 'server-only';
import { and, eq, like, ne, or } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/lib/server/db/client';

/**
 * "Ang Diwata ng Taal!" → "ang-diwata-ng-taal", as the seed's slugs are written (lowercase ASCII words joined by
 * dashes; accents dropped, 'ñ' → 'n'). Public URLs carry the name and id (lib/routes.ts), not the slug: the slug is the
 * stable natural key, unique per table.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'untitled';
}

type Sluggable = PgTable & { slug: PgColumn; id: PgColumn };

/**
 * The name's slug, made unique in `table.slug` with '-2', '-3', … (the row `exceptId` keeps its own). Racing creates
 * of the same name are settled by the unique index: the loser's transaction fails and the editor saves again.
 */
export async function uniqueSlug(db: DbOrTx, table: Sluggable, name: string, exceptId?: string): Promise<string> {
  const base = slugify(name);
  const taken = await db
    .select({ slug: table.slug })
    .from(table as PgTable)
    .where(and(or(eq(table.slug, base), like(table.slug, `${base}-%`)), exceptId ? ne(table.id, exceptId) : undefined));
  const used = new Set(taken.map((r) => String(r.slug)));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
