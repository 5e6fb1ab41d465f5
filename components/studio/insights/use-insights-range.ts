'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';
import { INSIGHTS_DEFAULT_DAYS, insightsRangeSchema, lastDays, resolveInsightsRange } from '@/lib/contracts/studio-insights';

/**
 * The insights range lives in the address (?from=…&to=…), so a drill-down, a reload or a shared link shows the same
 * days, and Back returns to the previous range. A missing or malformed range reads as the last 30 days.
 */
export function useInsightsRange(): { range: { from: string; to: string; days: number }; setRange: (r: { from: string; to: string }) => void; query: string } {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;

  const range = useMemo(() => {
    const parsed = insightsRangeSchema.safeParse({ from, to });
    const resolved = parsed.success ? resolveInsightsRange(parsed.data) : null;
    if (resolved && !('error' in resolved)) return resolved;
    return { ...lastDays(INSIGHTS_DEFAULT_DAYS), days: INSIGHTS_DEFAULT_DAYS };
  }, [from, to]);

  const setRange = useCallback(
    (r: { from: string; to: string }) => {
      const next = new URLSearchParams(params.toString());
      next.set('from', r.from);
      next.set('to', r.to);
      router.push(`${pathname}?${next.toString()}`, { scroll: false });
    },
    [params, pathname, router],
  );

  return { range, setRange, query: `from=${range.from}&to=${range.to}` };
}
