import { BUFFERING, DEVICE_CLASS, MOBILE_LAYOUT_QUERY, NETWORK_CLASS, type BufferingGoal } from './constants';

/** What the browser tells about the network and the device (Network Information and Device Memory APIs, both optional). */
export type Environment = {
  effectiveType?: string;
  downlink?: number;
  deviceMemory?: number;
  hardwareConcurrency?: number;
};

export type NetworkClass = 'excellent' | 'good' | 'fair' | 'poor' | 'unknown';
export type DeviceClass = 'high' | 'medium' | 'low' | 'unknown';

/** Spec §9: excellent is 4g with downlink over 10; good is over 5; fair is 3g or downlink over 2; else poor. */
export function networkClass(env: Environment): NetworkClass {
  const { effectiveType, downlink } = env;
  if (effectiveType === undefined && downlink === undefined) return 'unknown';
  const d = downlink ?? 0;
  if (effectiveType === '4g' && d > NETWORK_CLASS.excellentDownlink) return 'excellent';
  if (d > NETWORK_CLASS.goodDownlink) return 'good';
  if (effectiveType === '3g' || d > NETWORK_CLASS.fairDownlink) return 'fair';
  return 'poor';
}

/** Spec §9: high needs memory 4 or more and 4 or more cores; medium 2 and 2; else low. */
export function deviceClass(env: Environment): DeviceClass {
  const { deviceMemory, hardwareConcurrency } = env;
  if (deviceMemory === undefined && hardwareConcurrency === undefined) return 'unknown';
  // A browser that hides one of the two (Safari has no deviceMemory) is judged by the other.
  const memory = deviceMemory ?? Infinity;
  const cores = hardwareConcurrency ?? Infinity;
  if (memory >= DEVICE_CLASS.high.memory && cores >= DEVICE_CLASS.high.cores) return 'high';
  if (memory >= DEVICE_CLASS.medium.memory && cores >= DEVICE_CLASS.medium.cores) return 'medium';
  return 'low';
}

/**
 * Buffering goals (spec §9). Constraints win: a poor network, then a low-end device, keep the buffer small; otherwise
 * an excellent network, then a high-end device, buffer more; anything else gets the default.
 */
export function bufferingFor(env: Environment): BufferingGoal {
  const net = networkClass(env);
  const dev = deviceClass(env);
  if (net === 'poor') return BUFFERING.poorNetwork;
  if (dev === 'low') return BUFFERING.lowEndDevice;
  if (net === 'excellent') return BUFFERING.excellentNetwork;
  if (dev === 'high') return BUFFERING.highEndDevice;
  return BUFFERING.default;
}

type NavigatorLike = {
  userAgent?: string;
  maxTouchPoints?: number;
  hardwareConcurrency?: number;
  deviceMemory?: number;
  connection?: { effectiveType?: string; downlink?: number };
  onLine?: boolean;
};

export function readEnvironment(nav: NavigatorLike | undefined = typeof navigator === 'undefined' ? undefined : (navigator as NavigatorLike)): Environment {
  if (!nav) return {};
  return {
    effectiveType: nav.connection?.effectiveType,
    downlink: nav.connection?.downlink,
    deviceMemory: nav.deviceMemory,
    hardwareConcurrency: nav.hardwareConcurrency,
  };
}

/** Safari (macOS or any iOS browser, which are all WebKit): plays HLS natively, FairPlay for DRM. */
export function isAppleWebKit(userAgent: string, maxTouchPoints = 0): boolean {
  const ios = /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  const safari = /Safari\//.test(userAgent) && !/Chrome\/|Chromium\/|CriOS\/|FxiOS\/|Edg\/|Android/.test(userAgent);
  return ios || safari;
}

export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|webOS|BlackBerry|IEMobile|Opera Mini/i.test(userAgent);
}

/**
 * Which Shaka build a browser needs. Desktop Chromium/Firefox play DASH only (spec §8: no fallback there), so they get
 * the DASH-only build (about 40 % smaller); Safari/iOS (HLS first) and mobile (HLS fallback) get the full one.
 */
export function shakaFlavourFor(userAgent: string, maxTouchPoints: number, narrow: boolean): 'dash' | 'full' {
  if (isAppleWebKit(userAgent, maxTouchPoints) || isMobileUserAgent(userAgent) || narrow) return 'full';
  return 'dash';
}

/**
 * The Shaka build this browser needs, judged in the browser: its user agent, touch points and whether the mobile
 * layout applies (a query the server never sees). The app's engine loader and the episode page's inline start both
 * ask this, so the build the page adds is the one the app then waits for.
 */
export function browserShakaFlavour(): 'dash' | 'full' {
  const narrow = typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_LAYOUT_QUERY).matches;
  return shakaFlavourFor(navigator.userAgent, navigator.maxTouchPoints ?? 0, narrow);
}
