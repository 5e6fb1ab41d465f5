'use client';

import { useState } from 'react';
import { buttonClass } from '@/components/ui/styles';
import { downloadInsightsCsv } from '@/lib/api/studio-insights';
import type { RangeQuery } from '@/lib/contracts/studio-insights';
import { studioErrorMessage } from '@/lib/api/studio';

/** 'Export CSV' of one insights table: the server builds the file (same figures as the table, all rows). */
export function ExportCsvButton({ path, range, label = 'Export CSV', disabled }: { path: string; range: RangeQuery; label?: string; disabled?: boolean }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        disabled={disabled || state.busy}
        aria-busy={state.busy || undefined}
        onClick={() => {
          setState({ busy: true, error: null });
          downloadInsightsCsv(path, range).then(
            () => setState({ busy: false, error: null }),
            (err: unknown) => setState({ busy: false, error: `Export failed: ${studioErrorMessage(err)}` }),
          );
        }}
      >
        {state.busy ? 'Exporting…' : label}
      </button>
      {state.error && (
        <p role="alert" className="text-xs text-red-300">
          {state.error}
        </p>
      )}
    </div>
  );
}
