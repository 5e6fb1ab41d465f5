'use client';

import { useEffect } from 'react';
import { registerServiceWorker } from './register';
import './install-prompt'; // listens for the browser's install offer from the first moment on every page

/** Mounted once in the document (components/layout/SiteDocument.tsx): registers the worker after load. */
export function ServiceWorkerRegistrar() {
  useEffect(() => {
    void registerServiceWorker();
  }, []);
  return null;
}
