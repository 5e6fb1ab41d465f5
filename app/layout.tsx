import type { ReactNode } from 'react';

/**
 * The site's pages render their own document in their language (app/[locale]/layout.tsx), the studio in English
 * (app/studio/layout.tsx); this root only passes through, so that app/not-found.tsx can exist for paths outside both.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
