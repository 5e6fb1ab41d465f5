import { GridPageSkeleton } from '@/components/ui/Skeletons';

export default function Loading() {
  return <GridPageSkeleton label="Loading titles" />;
}
