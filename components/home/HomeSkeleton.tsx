import { RowSkeleton } from '@/components/ui/Skeletons';

export function HomeSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading…</span>
      <div className="skeleton aspect-[16/10] w-full sm:aspect-video md:-mt-16 md:aspect-auto md:h-[min(78vh,760px)] md:min-h-[480px]" />
      <div className="mt-8 space-y-10 px-4 md:px-8">
        <RowSkeleton />
        <RowSkeleton />
      </div>
    </div>
  );
}
