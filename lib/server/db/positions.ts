import 'server-only';
import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * Gives the rows `ids` the positions first, first+1, … in `column`, in one statement (a drag-to-reorder of episodes,
 * banners or plans): `update … from unnest(ids) with ordinality`. The table needs `id` and `updated_at`. A unique
 * column is checked row by row, so move the rows out of the way first (the episodes' reorder does).
 */
export async function setPositions(tx: DbOrTx, table: PgTable, column: PgColumn, ids: readonly string[], first = 1): Promise<void> {
  if (ids.length === 0) return;
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  await tx.execute(sql`
    update ${table} set ${sql.identifier(column.name)} = o.n::int + ${first - 1}, updated_at = now()
    from unnest(array[${list}]::text[]) with ordinality as o(id, n)
    where ${table}.id = o.id`);
}
