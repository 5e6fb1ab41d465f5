import 'server-only';
import { asc } from 'drizzle-orm';
import { publicEnv } from '@/lib/env';
import type { Db } from '@/lib/server/db/client';
import { fillPlaceholders, fillText } from '@/lib/server/db/policies';
import { contentPages, settings } from '@/lib/server/db/schema';

const placeholders = () => ({
  brand: publicEnv.NEXT_PUBLIC_BRAND_NAME,
  contactEmail: publicEnv.NEXT_PUBLIC_CONTACT_EMAIL,
  postalAddress: publicEnv.NEXT_PUBLIC_POSTAL_ADDRESS,
});

export type ContentPage = { _id: string; slug: string; title: string; sections: { heading: string; paragraphs: string[] }[] };

/** Terms, Privacy, About, Contact… with the brand and contact details filled in. */
export async function listContentPages(db: Db): Promise<ContentPage[]> {
  const rows = await db.select().from(contentPages).orderBy(asc(contentPages.sortOrder), asc(contentPages.slug));
  const values = placeholders();
  return rows.map((r) => ({ _id: r.id, slug: r.slug, title: fillText(r.title, values), sections: fillPlaceholders(r.body, values).sections }));
}

/** The public settings object (spec §7 retrieveSettingsForUser reads `setting`). */
export async function getPublicSettings(db: Db): Promise<Record<string, unknown>> {
  const rows = await db.select().from(settings);
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}
