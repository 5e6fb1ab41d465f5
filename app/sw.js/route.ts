import { buildId } from '@/lib/server/build-id';
import { offlineDocuments } from '@/components/pwa/offline-document';
import { serviceWorkerScript } from '@/components/pwa/service-worker';

export const dynamic = 'force-dynamic';

let script: string | undefined;

// GET /sw.js – the installable app's service worker, named after this build (components/pwa/service-worker.ts).
export function GET(): Response {
  script ??= serviceWorkerScript({ version: buildId(), offline: offlineDocuments() });
  return new Response(script, {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      // Browsers check the worker on each navigation anyway (updateViaCache 'none'); no shared cache may keep an old one.
      'cache-control': 'no-cache, no-store, must-revalidate',
    },
  });
}
