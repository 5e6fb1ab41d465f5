// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// Next's own client bootstrap: it reads `self.__next_s` and hydrates once those scripts have loaded.
import { appBootstrap } from 'next/dist/client/app-bootstrap';
import { CRITICAL_PATH_CAP_MS } from './constants';
import { HYDRATION_GATE_SCRIPT } from './hydration-gate';

type GateWindow = Window & { __next_s?: unknown[]; __kiligHold?: { claim(): void; release(): void; isOpen(): boolean } };
const w = window as GateWindow;

function runGate(pathname: string) {
  window.history.replaceState(null, '', pathname);
  // The script text as the page has it (a plain inline script, not a module).
  new Function(HYDRATION_GATE_SCRIPT)();
}

/** Next's bootstrap with a spy for hydrate; resolves after the microtasks that append the queued scripts. */
async function bootstrap() {
  const hydrate = vi.fn();
  appBootstrap(hydrate);
  await flush();
  return hydrate;
}
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  delete w.__next_s;
  delete w.__kiligHold;
  document.head.innerHTML = '';
});
afterEach(() => vi.useRealTimers());

describe('hydration gate (episode pages hydrate after the first frame)', () => {
  it('holds Next’s hydration on an episode page until the boot script releases it', async () => {
    runGate('/episodes/episode-1-lihim-0123456789abcdef01234567');
    w.__kiligHold!.claim();
    const hydrate = await bootstrap();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    await flush();
    expect(hydrate).not.toHaveBeenCalled();
    expect(w.__kiligHold!.isOpen()).toBe(false);
    // The queued element is never fetched: an unknown script type.
    expect(document.getElementById('kilig-hydration-gate')?.getAttribute('type')).toBe('text/x-kilig-gate');
    w.__kiligHold!.release();
    await flush();
    expect(hydrate).toHaveBeenCalledTimes(1);
    w.__kiligHold!.release();
    await flush();
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('a release before Next starts leaves nothing queued: hydration at once', async () => {
    runGate('/episodes/episode-2-x-0123456789abcdef01234567');
    w.__kiligHold!.claim();
    w.__kiligHold!.release();
    expect(w.__next_s).toEqual([]);
    expect(await bootstrap()).toHaveBeenCalledTimes(1);
  });

  it('a release while scripts queued before it still load opens it once Next adds it', async () => {
    // An inline beforeInteractive script first: Next adds the gate's element a task later.
    w.__next_s = [[null, { children: '' }]];
    runGate('/episodes/episode-5-x-0123456789abcdef01234567');
    w.__kiligHold!.claim();
    const hydrate = vi.fn();
    appBootstrap(hydrate);
    expect(document.getElementById('kilig-hydration-gate')).toBeNull();
    w.__kiligHold!.release();
    await flush();
    await flush();
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('opens at DOMContentLoaded when no boot script claimed it (locked episode, Safari, ?continue=1)', async () => {
    runGate('/episodes/episode-3-x-0123456789abcdef01234567');
    const hydrate = await bootstrap();
    expect(hydrate).not.toHaveBeenCalled();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    await flush();
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('opens by itself after the critical-path cap when the boot never releases it', async () => {
    vi.useFakeTimers();
    runGate('/episodes/episode-4-x-0123456789abcdef01234567');
    w.__kiligHold!.claim();
    const hydrate = vi.fn();
    appBootstrap(hydrate);
    await vi.advanceTimersByTimeAsync(CRITICAL_PATH_CAP_MS - 1);
    expect(hydrate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('holds the Filipino episode page too', async () => {
    runGate('/fil/episodes/episode-1-lihim-0123456789abcdef01234567');
    w.__kiligHold!.claim();
    const hydrate = await bootstrap();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    await flush();
    expect(hydrate).not.toHaveBeenCalled();
    w.__kiligHold!.release();
    await flush();
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('does nothing on other pages', async () => {
    runGate('/fil/movie/lihim-0123456789abcdef01234567');
    expect(w.__next_s).toBeUndefined();
    runGate('/movie/lihim-0123456789abcdef01234567');
    expect(w.__next_s).toBeUndefined();
    expect(w.__kiligHold).toBeUndefined();
    expect(await bootstrap()).toHaveBeenCalledTimes(1);
  });
});
