import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchLicence, takePrefetchedLicence } from './licence';

const ORIGIN = 'http://localhost:3000';
const media = (videoId: string) => ({ licenseUrl: `/api/drm/clearkey/${videoId}`, drmKeyId: 'a0cc41dbce150eb14e5eed0ccc7fc347' });
const LICENCE = '{"keys":[{"kty":"oct","kid":"oMxB284VDrFOXu0MzH_DRw","k":"AAAAAAAAAAAAAAAAAAAAAA"}],"type":"temporary"}';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.stubGlobal('window', { location: { href: `${ORIGIN}/episodes/episode-1-x` }, localStorage: { getItem: (k: string) => (k === 'token' ? 'tok' : null) } });
  fetchMock = vi.fn(async () => new Response(LICENCE));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('ClearKey licence prefetch', () => {
  it("asks the licence endpoint once, as Shaka would, and hands Shaka's request the answer once, as a data: URI", async () => {
    prefetchLicence(media('aaaaaaaaaaaaaaaaaaaaaaa1'));
    prefetchLicence(media('aaaaaaaaaaaaaaaaaaaaaaa1'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit & { headers: Record<string, string> }];
    expect(url).toBe(`${ORIGIN}/api/drm/clearkey/aaaaaaaaaaaaaaaaaaaaaaa1`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ kids: ['oMxB284VDrFOXu0MzH_DRw'], type: 'temporary' });
    expect(init.headers.authorization).toBe('Bearer tok');

    const answer = await takePrefetchedLicence(url);
    expect(answer).toBe(`data:application/json;base64,${btoa(LICENCE)}`);
    expect(takePrefetchedLicence(url)).toBeNull();
  });

  it('answers null for a refused or failed request, so Shaka asks the endpoint itself', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"status":false,"code":"E_LOCKED"}', { status: 403 }));
    prefetchLicence(media('aaaaaaaaaaaaaaaaaaaaaaa2'));
    expect(await takePrefetchedLicence(`${ORIGIN}/api/drm/clearkey/aaaaaaaaaaaaaaaaaaaaaaa2`)).toBeNull();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    prefetchLicence(media('aaaaaaaaaaaaaaaaaaaaaaa3'));
    expect(await takePrefetchedLicence(`${ORIGIN}/api/drm/clearkey/aaaaaaaaaaaaaaaaaaaaaaa3`)).toBeNull();
  });

  it('has nothing for a licence it did not prefetch', () => {
    expect(takePrefetchedLicence(`${ORIGIN}/api/drm/clearkey/bbbbbbbbbbbbbbbbbbbbbbbb`)).toBeNull();
  });
});
