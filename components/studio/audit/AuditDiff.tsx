import clsx from 'clsx';

type Row = Record<string, unknown> | null;

const show = (v: unknown): string => (v === undefined ? '' : v === null ? 'null' : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * The fields of an entry's before and after, side by side; changed ones first and marked. A create has no before and
 * a delete no after.
 */
export function AuditDiff({ before, after }: { before: Row; after: Row }) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (keys.length === 0) return <p className="text-sm text-fg-muted">No details were recorded.</p>;
  const changed = (k: string) => show(before?.[k]) !== show(after?.[k]);
  const ordered = [...keys.filter(changed), ...keys.filter((k) => !changed(k))];
  return (
    <table className="w-full table-fixed text-left text-xs">
      <caption className="sr-only">Fields before and after the change</caption>
      <thead className="text-fg-muted">
        <tr>
          <th scope="col" className="w-1/4 py-1 pr-2 font-semibold">Field</th>
          <th scope="col" className="py-1 pr-2 font-semibold">Before</th>
          <th scope="col" className="py-1 font-semibold">After</th>
        </tr>
      </thead>
      <tbody>
        {ordered.map((k) => {
          const diff = changed(k);
          return (
            <tr key={k} className={clsx('border-t border-white/5 align-top', diff ? 'text-fg' : 'text-fg-muted')}>
              <th scope="row" className="break-words py-1 pr-2 font-mono font-normal">
                {k}
                {diff ? <span className="sr-only"> (changed)</span> : null}
              </th>
              <td className={clsx('break-words py-1 pr-2 font-mono', diff && before !== null && 'bg-red-500/10 text-red-200')}>{before ? show(before[k]) : '—'}</td>
              <td className={clsx('break-words py-1 font-mono', diff && after !== null && 'bg-emerald-500/10 text-emerald-200')}>{after ? show(after[k]) : '—'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
