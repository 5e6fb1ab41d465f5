import { routing } from '@/i18n/routing';
import { CRITICAL_PATH_CAP_MS } from './constants';

/** Episode pages in every language: '/episodes/…' (English) and '/fil/episodes/…'. */
const PREFIXES = routing.locales.filter((l) => l !== routing.defaultLocale).join('|');

/**
 * The episode page's app waits for the first frame. Measured (npm run bench:player, A against A′), the app's own
 * JavaScript — react-dom's and the router's modules, then hydration — took the main thread for ~160 ms while the inline
 * start (engine/page-start.ts) needed it for Shaka's manifest, MediaSource and licence steps: the first frame came
 * that much later. So on /episodes/ pages hydration starts once the inline start has shown its first frame (or failed, or after
 * CRITICAL_PATH_CAP_MS). The chunks still download and compile meanwhile; only their modules' evaluation waits.
 *
 * How: Next evaluates its client modules and hydrates only after every `self.__next_s` script has loaded (the
 * `beforeInteractive` queue; next/dist/client/app-bootstrap.js). This script, the first thing in the <head>, queues one
 * that the browser never fetches (an unknown type) and whose `onload` it calls itself when the gate opens. The boot
 * script claims the gate (`__kiligHold.claim()`) and opens it at its first frame (`release()`); a page without it (a
 * locked episode, Safari, ?continue=1) opens at DOMContentLoaded. player/hydration-gate.test.ts runs it against Next's
 * own bootstrap, so a Next that reads the queue differently fails there rather than leaving pages unhydrated.
 *
 * Plain ES5 in a string, inline in the root layout: it must run before any of the app's async chunks.
 */
export const HYDRATION_GATE_SCRIPT = `(function (w, d) {
  if (!/^\\/(?:(?:${PREFIXES})\\/)?episodes\\//.test(location.pathname)) return;
  var id = 'kilig-hydration-gate', released = false, claimed = false, read = false;
  var props = { type: 'text/x-kilig-gate', id: id };
  var entry = ['/episodes/hydration-gate'];
  // Next reads each entry as [src, props] when it starts: that read is how the gate knows Next now waits for it.
  Object.defineProperty(entry, 1, { enumerable: true, get: function () { read = true; return props; } });
  var queue = w.__next_s = w.__next_s || [];
  queue.push(entry);
  function open(el) { if (el.onload) el.onload(new Event('load')); }
  function release() {
    if (released) return;
    released = true;
    var el = d.getElementById(id);
    if (el) return open(el);
    if (!read) return void (queue.indexOf(entry) >= 0 && queue.splice(queue.indexOf(entry), 1));
    // Read but not added yet: scripts queued before it are still loading; it is added to the head after them.
    new MutationObserver(function (_, observer) {
      var added = d.getElementById(id);
      if (added) { observer.disconnect(); open(added); }
    }).observe(d.head, { childList: true });
  }
  w.__kiligHold = { claim: function () { claimed = true; }, release: release, isOpen: function () { return released; } };
  d.addEventListener('DOMContentLoaded', function () { if (!claimed) release(); });
  setTimeout(release, ${CRITICAL_PATH_CAP_MS});
})(window, document);`;
