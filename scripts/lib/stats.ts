import os from 'node:os';

/** The median of the finite values (the mean of the middle two for an even count); NaN when there are none. */
export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** This machine's load average over 1, 5 and 15 minutes ('2.04 2.40 1.47'), printed beside every figure. */
export const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
