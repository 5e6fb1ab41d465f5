'use client';

/** A labelled bar from 0 to 100 (role="progressbar"), with the figure beside it for sighted users. */
export function ProgressBar({ label, percent, detail }: { label: string; percent: number; detail?: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-semibold text-fg">{label}</span>
        <span className="tabular-nums text-fg-muted">
          {detail ? `${detail} · ` : ''}
          {value}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={detail ? `${detail}, ${value}%` : `${value}%`}
        className="h-2 w-full overflow-hidden rounded-full bg-white/10"
      >
        <div className="h-full rounded-full bg-kilig-500 transition-[width] duration-500" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
