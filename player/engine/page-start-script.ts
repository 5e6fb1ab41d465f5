import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { EngineUrls, PlaybackMedia } from '@/lib/contracts/playback';
import { DRM_ENV } from './drm-env';
import type { PageStartData } from './page-start';
import { PAGE_START_FILE, PAGE_START_GLOBAL } from './page-start-file';

let bundle: string | null = null;

/** The bundled start, as the build left it (next.config.ts builds it; read once per server). */
function pageStartBundle(): string {
  // Not traced by the bundler: the file is the build's own output, read from the project's folder at run time.
  bundle ??= readFileSync(path.join(/* turbopackIgnore: true */ process.cwd(), PAGE_START_FILE), 'utf8');
  return bundle;
}

/**
 * What the page's start needs of one free episode: the Shaka builds, its manifests and licence (no more: the rest stays
 * out of the HTML).
 */
export function pageStartData(media: PlaybackMedia, engines: EngineUrls): PageStartData {
  const { videoId, licenseUrl, drmKeyId, dashManifest, mobileManifest, fallbackManifest, safariManifest, videoUrl } = media;
  return { engines, media: { videoId, licenseUrl, drmKeyId, dashManifest, mobileManifest, fallbackManifest, safariManifest, videoUrl }, env: DRM_ENV };
}

/**
 * The inline script at the top of an episode page: the bundle inside a function (its global stays local) and the call
 * with this page's data (JSON in a script: '<' escaped so no '</script>' can end it early). The CSP allows inline
 * scripts (next.config.ts says why), so nothing is hashed.
 */
export function pageStartScript(data: PageStartData, code: string = pageStartBundle()): string {
  return `(function(){${code}\n${PAGE_START_GLOBAL}.runPageStart(${JSON.stringify(data).replace(/</g, '\\u003c')});})();`;
}
