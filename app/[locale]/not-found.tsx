'use client';

import { NotFoundView } from '@/components/ui/NotFoundView';

/** A page that does not exist in this language's part of the site (unknown paths land here via [...rest]). */
export default function NotFound() {
  return <NotFoundView />;
}
