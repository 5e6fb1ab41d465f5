import type { MetadataRoute } from 'next';
import { webManifest } from '@/components/pwa/manifest';

/** The web app manifest (/manifest.webmanifest); Next links it from every page's head. */
export default function manifest(): MetadataRoute.Manifest {
  return webManifest();
}
