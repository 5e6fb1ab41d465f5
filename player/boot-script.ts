import type { PlaybackMedia } from '@/lib/contracts/playback';
import { BUFFERING, CRITICAL_PATH_CAP_MS, MOBILE_LAYOUT_QUERY, PLAYER_INIT_DELAY_MS } from './constants';
import { manifestChain } from './manifest-chain';
import { DRM_ENV, isClearKeySetup, playerConfig, type PlayerConfig } from './shaka-config';

/**
 * The episode page's player start, in parallel with the app instead of after it. A small inline script the server
 * writes beside the <video> (the page's own HTML, so it runs as soon as the browser parses it, long before React has
 * hydrated): it asks for the ClearKey licence at once, and when the Shaka file (preloaded, async) has run it creates
 * the player on that <video>, waits out what is left of the spec §9 init delay (counted from here, the player's first
 * render), attaches and loads the first manifest (its segments are preloaded too) and plays. On hydration
 * use-shaka-player adopts that player (player/boot.ts) and carries on as if it had made it: watch sessions, history,
 * controls, preloading the next episode, retries, all as before. Anything unusual (Safari/iOS, continue watching, the
 * other Shaka build, an error) leaves the start to the app, which then does what it always did.
 *
 * Only free episodes (media in the guest answer) get it: a locked page carries no media, so nothing of this.
 */

type Start = { url: string; config: PlayerConfig };

export type BootPayload = {
  videoId: string;
  /** The Shaka file the page preloaded. */
  engine: string;
  licence: string;
  /** The key id as the ClearKey request wants it (base64url); null: production DRM, no prefetch. */
  kid: string | null;
  mobileQuery: string;
  delay: { mobile: number; desktop: number };
  /** The most that work kept off the start (identity) waits for the first frame. */
  criticalPathCapMs: number;
  desktop: Start;
  mobile: Start;
};

const hexToB64url = (hex: string) => btoa(String.fromCharCode(...(hex.match(/../g) ?? []).map((h) => parseInt(h, 16)))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * What the inline script needs for one video: the first manifest of the desktop and the mobile chain and their Shaka
 * configuration (the same playerConfig as the app; default buffering goals: the app sets the device's own on adoption).
 */
export function bootPayload(media: PlaybackMedia, engine: string): BootPayload {
  const clearKey = isClearKeySetup(DRM_ENV);
  // Licence URLs are made absolute in the browser (the server does not know the public origin).
  const start = (isMobile: boolean): Start => {
    const [first] = manifestChain(media, isMobile ? 'mobile' : 'desktop');
    const config = playerConfig({ media, drm: first.drm, isMobile, buffering: BUFFERING.default, env: DRM_ENV, origin: 'http://origin.invalid' });
    if (clearKey) config.drm.servers = {};
    return { url: first.url, config };
  };
  return {
    videoId: media.videoId,
    engine,
    licence: media.licenseUrl,
    kid: clearKey ? hexToB64url(media.drmKeyId) : null,
    mobileQuery: MOBILE_LAYOUT_QUERY,
    delay: { ...PLAYER_INIT_DELAY_MS },
    criticalPathCapMs: CRITICAL_PATH_CAP_MS,
    desktop: start(false),
    mobile: start(true),
  };
}

/**
 * The script itself, plain ES2017 in a string (not compiled: a bundled function could carry helpers the page does
 * not have yet). `window.__kiligBoot` is read by player/boot.ts: {videoId, video, player, mobile, licences, done}
 * where `done` settles 'loaded' (the player has the first video; `play` is its play() promise) or 'failed'.
 */
export const BOOT_SCRIPT = `(function (d) {
  var w = window, t0 = performance.now();
  if (/[?&]continue=1(&|$)/.test(location.search)) return;
  // The app's hydration waits for this start's first frame (hydration-gate.ts).
  var hold = w.__kiligHold;
  if (hold) hold.claim();
  var token = null;
  try { token = localStorage.getItem('token'); } catch (e) {}
  if (!token || token === 'undefined' || token === 'null') token = null;
  var licence = new URL(d.licence, location.href).href;
  var resolve, started;
  var boot = w.__kiligBoot = { videoId: d.videoId, video: null, player: null, mobile: null, licences: {}, play: null, done: new Promise(function (r) { resolve = r; }) };
  // What is not needed for the first frame (the app's hydration; identity: components/auth/AuthBootstrap.tsx) waits
  // for it, at most a few seconds.
  w.__kiligCriticalPath = new Promise(function (r) {
    started = function () { r(); if (hold) hold.release(); };
    setTimeout(started, d.criticalPathCapMs);
  });
  function fail(e) { if (boot.error) return; boot.error = e || new Error('boot failed'); resolve('failed'); started(); }
  if (d.kid) {
    var headers = { 'content-type': 'application/json' };
    if (token) headers.authorization = 'Bearer ' + token;
    boot.licences[licence] = fetch(licence, { method: 'POST', headers: headers, body: JSON.stringify({ kids: [d.kid], type: 'temporary' }) })
      .then(function (r) { return r.ok ? r.text().then(function (t) { return 'data:application/json;base64,' + btoa(t); }) : null; })
      .catch(function () { return null; });
  }
  function start() {
    if (boot.error) return;
    var shaka = w.shaka;
    var video = document.querySelector('video[data-testid="episode-video"]');
    if (!shaka || !video) return fail(new Error('no engine or no video'));
    var mobile = matchMedia(d.mobileQuery).matches;
    if (mobile && !('hls' in shaka)) return fail(new Error('the mobile layout needs the full build'));
    if (mobile && navigator.onLine === false) return fail(new Error('offline'));
    shaka.polyfill.installAll();
    if (!shaka.Player.isBrowserSupported()) return fail(new Error('unsupported'));
    var NE = shaka.net.NetworkingEngine;
    // The DASH-only build has no data: scheme; a prefetched licence reaches Shaka as one (see data-uri-scheme.ts).
    NE.registerScheme('data', function (uri, request) {
      var comma = uri.indexOf(','), meta = uri.slice(5, comma), bin = atob(uri.slice(comma + 1)), bytes = new Uint8Array(bin.length);
      for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      return shaka.util.AbortableOperation.completed({ uri: uri, originalUri: uri, data: bytes, headers: { 'content-type': meta.replace(/;base64$/, '') }, originalRequest: request });
    }, NE.PluginPriority.FALLBACK);
    performance.mark('player:create');
    var player = new shaka.Player();
    boot.player = player; boot.video = video; boot.mobile = mobile;
    video.addEventListener('playing', function () {
      // 'playing' may come before a frame is shown: the first presented frame is what the start waits for.
      if (video.requestVideoFrameCallback) video.requestVideoFrameCallback(function () { started(); }); else started();
    }, { once: true });
    player.getNetworkingEngine().registerRequestFilter(function (type, request) {
      if (type !== NE.RequestType.LICENSE) return;
      var url = request.uris[0];
      if (!url || new URL(url, location.href).origin !== location.origin) return;
      var prefetched = boot.licences[url];
      delete boot.licences[url];
      var bearer = function () { if (token) request.headers['Authorization'] = 'Bearer ' + token; };
      if (!prefetched) return bearer();
      return prefetched.then(function (l) { if (l) request.uris = [l]; else bearer(); });
    });
    var s = mobile ? d.mobile : d.desktop;
    var config = JSON.parse(JSON.stringify(s.config));
    if (d.kid) config.drm.servers = { 'org.w3.clearkey': licence };
    // A <source> child (Shaka's default) would be a DOM change inside React's <video> before hydration: a mismatch
    // that makes React render the tree again, with a new <video>. The blob URL goes to the src attribute instead.
    config.mediaSource = { useSourceElements: false };
    // Shaka's default text displayer adds a <track> per subtitle language to the <video> once the manifest is in: the
    // same kind of mismatch when hydration comes after the load (a slow or loaded device; React error #418). No text
    // display until the app adopts the player: use-shaka-player.ts then sets the default one, which adds the tracks.
    // (Shaka awaits destroy() of the displayer it replaces; the stub's returns nothing.)
    config.textDisplayFactory = function (player) {
      var quiet = new shaka.text.StubTextDisplayer(player);
      quiet.destroy = function () { return Promise.resolve(); };
      return quiet;
    };
    player.configure(config);
    var left = Math.max(0, (mobile ? d.delay.mobile : d.delay.desktop) - (performance.now() - t0));
    setTimeout(function () {
      if (boot.error) return;
      video.autoplay = true;
      player.attach(video).then(function () {
        performance.mark('player:load');
        return player.load(new URL(s.url, location.href).href, null, /\\.mpd(\\?|$)/i.test(s.url) ? 'application/dash+xml' : undefined);
      }).then(function () {
        boot.play = video.play();
        boot.play.catch(function () {});
        resolve('loaded');
      }, fail);
    }, left);
  }
  if (w.shaka) return start();
  var script = document.querySelector('script[src="' + d.engine + '"]');
  if (!script) return fail(new Error('no engine script'));
  script.addEventListener('load', start);
  script.addEventListener('error', function () { fail(new Error('the engine did not load')); });
})`;

/** The inline script's text for one video (JSON in a script: '<' escaped so no '</script>' can end it early). */
export function bootScript(payload: BootPayload): string {
  return `${BOOT_SCRIPT}(${JSON.stringify(payload).replace(/</g, '\\u003c')});`;
}
