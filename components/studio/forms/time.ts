/**
 * The studio schedules in Philippine time (Asia/Manila, UTC+8 all year: the Philippines keeps no daylight saving), so
 * a `datetime-local` value is read as Manila time whatever the editor's computer is set to.
 */

const MANILA_OFFSET = '+08:00';

/** '2026-12-01T20:00' (Manila) → the ISO instant the API takes; null for an empty or malformed value. */
export function manilaInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const ms = Date.parse(`${value.length === 16 ? `${value}:00` : value}${MANILA_OFFSET}`);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** An instant → the `datetime-local` value of that moment in Manila. */
export function isoToManilaInput(iso: string): string {
  const d = new Date(Date.parse(iso) + 8 * 3600_000);
  return d.toISOString().slice(0, 16);
}

const display = new Intl.DateTimeFormat('en-PH', { timeZone: 'Asia/Manila', dateStyle: 'medium', timeStyle: 'short' });

/** 'Dec 1, 2026, 8:00 PM' in Manila time. */
export const formatManila = (iso: string) => display.format(new Date(iso));
