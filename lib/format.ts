const peso = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money is stored as integer centavos; shown as pesos with two decimals. */
export const formatPesos = (centavos: number) => peso.format(centavos / 100);

/** "1:05" / "12s" style durations for tiles. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, '0')}`;
}

/** Cuts text at `max` characters and adds '...' when longer (spec §2 Plot, §9 related names). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

export const capitalize = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);
