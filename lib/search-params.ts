/** Reading Next's searchParams values: first value of a repeated key, trimmed; page numbers from 1. */
export type SearchParamValue = string | string[] | undefined;

export function firstParam(value: SearchParamValue): string | null {
  const v = Array.isArray(value) ? value[0] : value;
  const trimmed = v?.trim();
  return trimmed ? trimmed : null;
}

export function pageParam(value: SearchParamValue): number {
  const n = Number(firstParam(value));
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 10_000) : 1;
}
