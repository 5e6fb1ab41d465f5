import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BootedStart } from './handoff';
import type { PageStartData } from './page-start';
import { buildPageStart } from './page-start-build';
import { pageStartScript } from './page-start-script';
import { fakeShaka, FakePlayer, FakeVideo, media } from './test-fakes';

const ORIGIN = 'http://localhost:3000';
const A = media('aaaaaaaaaaaaaaaaaaaaaaaa');
const ENGINES = { dash: '/engine/shaka-dash.js', full: '/engine/shaka-full.js' };
const data: PageStartData = { engines: ENGINES, media: A, env: { widevine: '', playready: '', fairplay: '' } };
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const code = buildPageStart();

/** Runs the page's inline script as a browser would, against plain objects: the bundle is all it has. */
function runInPage(opts: { search?: string; token?: string | null; mobile?: boolean; userAgent?: string } = {}) {
  const video = new FakeVideo();
  const head: Record<string, unknown>[] = [];
  const fetchMock = vi.fn(async () => new Response('{"keys":[]}'));
  const win: Record<string, unknown> = {
    shaka: fakeShaka(),
    location: { href: `${ORIGIN}/episodes/x${opts.search ?? ''}`, origin: ORIGIN, search: opts.search ?? '' },
    localStorage: { getItem: (k: string) => (k === 'token' ? (opts.token ?? null) : null) },
  };
  const doc = {
    readyState: 'complete',
    querySelector: (selector: string) => (selector === 'video[data-testid="episode-video"]' ? video : null),
    createElement: (tag: string) => ({ tag, addEventListener: vi.fn() }),
    head: { append: (...els: Record<string, unknown>[]) => head.push(...els) },
  };
  const matchMedia = () => ({ matches: opts.mobile === true });
  Object.assign(win, { matchMedia });
  const navigator = { onLine: true, userAgent: opts.userAgent ?? CHROME, maxTouchPoints: 0 };
  const globals = { window: win, document: doc, location: win.location, matchMedia, navigator, fetch: fetchMock };
  new Function(...Object.keys(globals), pageStartScript(data, code))(...Object.values(globals));
  return { video, fetchMock, head, boot: win.__kiligBoot as BootedStart | undefined };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakePlayer.made = [];
  FakePlayer.supported = true;
});
afterEach(() => vi.useRealTimers());

describe("the episode page's inline start, bundled from the engine's modules", () => {
  it('is one self-contained script: no imports, nothing the page does not have', () => {
    expect(code).not.toMatch(/\bimport\b|\brequire\(/);
    expect(code.length).toBeLessThan(12_000);
  });

  it("asks for the licence at once with the viewer's token, then creates, attaches and loads the player on the page's <video>", async () => {
    const { video, fetchMock, boot } = runInPage({ token: 'tok' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit & { headers: Record<string, string> }];
    expect(url).toBe(`${ORIGIN}${A.licenseUrl}`);
    expect(init.headers.authorization).toBe('Bearer tok');
    expect(JSON.parse(String(init.body))).toEqual({ kids: ['oMxB284VDrFOXu0MzH_DRw'], type: 'temporary' });
    expect(boot?.videoId).toBe(A.videoId);
    expect(await boot?.licences.get(url)).toBe(`data:application/json;base64,${btoa('{"keys":[]}')}`);

    const [player] = FakePlayer.made;
    expect(boot?.player).toBe(player);
    expect(boot?.mobile).toBe(false);
    // The app's configuration (config.ts): the ClearKey server made absolute here, desktop retries; no <source>.
    const config = player.configure.mock.calls[0][0];
    expect(config.drm.servers).toEqual({ 'org.w3.clearkey': `${ORIGIN}${A.licenseUrl}` });
    expect(config.streaming.retryParameters).toEqual({ timeout: 15000, maxAttempts: 2 });
    expect(config.mediaSource).toEqual({ useSourceElements: false });
    expect(player.requestFilters).toHaveLength(1);
    expect(player.attach).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(50); // the desktop init delay
    expect(player.attach).toHaveBeenCalledWith(video);
    expect(player.load).toHaveBeenCalledWith(`${ORIGIN}${A.dashManifest}`, null, 'application/dash+xml');
    expect(await boot?.done).toBe('loaded');
    expect(video.autoplay).toBe(true);
    expect(video.play).toHaveBeenCalled();
  });

  it("adds the Shaka build this browser needs to the head, preloaded: DASH-only on a desktop, the full one on the mobile layout and Safari", () => {
    const added = (opts: Parameters<typeof runInPage>[0]) => runInPage(opts).head.map((el) => [el.tag, el.href ?? el.src]);
    expect(added({})).toEqual([
      ['link', ENGINES.dash],
      ['script', ENGINES.dash],
    ]);
    const [preload, script] = runInPage({}).head;
    expect(preload).toMatchObject({ rel: 'preload', as: 'script', fetchPriority: 'high' });
    expect(script).toMatchObject({ async: true });
    expect(added({ mobile: true })).toEqual([
      ['link', ENGINES.full],
      ['script', ENGINES.full],
    ]);
    expect(added({ userAgent: SAFARI })).toEqual([
      ['link', ENGINES.full],
      ['script', ENGINES.full],
    ]);
  });

  it('leaves Safari and continue-watching to the app (the build added all the same), and says when it failed', async () => {
    const resumed = runInPage({ search: '?continue=1' });
    expect(resumed.boot).toBeUndefined();
    expect(resumed.head).toHaveLength(2);
    const safari = runInPage({ userAgent: SAFARI });
    expect(safari.boot).toBeUndefined();
    expect(safari.fetchMock).not.toHaveBeenCalled();
    expect(FakePlayer.made).toHaveLength(0);
    FakePlayer.supported = false;
    const { boot } = runInPage();
    expect(await boot?.done).toBe('failed');
    expect(FakePlayer.made).toHaveLength(0);
  });

  it("writes the page's data so that no '</script>' can end the script early", () => {
    const script = pageStartScript({ ...data, media: { ...A, dashManifest: '/x</script><script>alert(1)</script>' } }, code);
    expect(script).not.toContain('</script>');
    expect(script).toContain('\\u003c/script>');
  });
});
