import { expect, test } from '@playwright/test';

/**
 * What crawlers get: the server HTML of a movie page without JavaScript (title, description, episode list, JSON-LD
 * that parses), and for every catalogue page its own title and description, a canonical URL, Open Graph and Twitter
 * cards, and `<meta name="rating" content="adult">`.
 */

const SERIES = 'Lihim ng Bilyonaryo';

async function titleHref(request: import('@playwright/test').APIRequestContext, name: string) {
  const html = await (await request.get('/movie-genres/All-movies')).text();
  const re = new RegExp(`href="(/movie/[^"]+)"[^>]*>(?:(?!</a>).)*Poster of ${name}`, 's');
  const href = re.exec(html)?.[1];
  expect(href, name).toBeTruthy();
  return href!;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("a series page's HTML holds the title, the whole description, the episode list and JSON-LD that parses", async ({ page, request }) => {
    const href = await titleHref(request, SERIES);
    const res = await page.goto(href);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SERIES);
    const html = await page.content();
    // The whole plot is in the HTML, not only the 100-character preview.
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(ld['@type']).toBe('TVSeries');
    expect(ld.name).toBe(SERIES);
    expect(ld.description.length).toBeGreaterThan(100);
    expect(html.replace(/<!-- -->/g, '')).toContain(ld.description.slice(100, 160));
    await expect(page.getByTestId('plot')).toContainText(ld.description.slice(0, 100));
    expect(ld.containsSeason).toHaveLength(3);
    expect(ld.numberOfEpisodes).toBe(11);
    // Every episode is a link in the HTML, closed seasons included.
    const episodeLinks = await page.getByRole('region', { name: 'Seasons & Episodes' }).locator('a[href^="/episodes/episode-"]').count();
    expect(episodeLinks).toBe(12); // trailer + 11
    await expect(page.locator('main')).toContainText('Season 2: Ang Pagbabalik');
    await expect(page.locator('main')).toContainText('Tatlong Taon Pagkalipas');
  });

  test('a movie page is Movie JSON-LD with its trailer', async ({ page, request }) => {
    const href = await titleHref(request, 'Ang Huling Sayaw');
    await page.goto(href);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(ld['@type']).toBe('Movie');
    expect(ld.contentRating).toBe('18+');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ang Huling Sayaw');
  });
});

test('movie pages carry a unique title and description, the canonical URL, Open Graph and Twitter cards with the poster', async ({ page, request }) => {
  const seen = new Set<string>();
  for (const name of [SERIES, 'Kasal sa Kontrata', 'Ang Huling Sayaw']) {
    const href = await titleHref(request, name);
    await page.goto(href);
    const title = await page.title();
    expect(title).toContain(name);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length).toBeGreaterThan(20);
    seen.add(title);
    seen.add(description!);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(new URL(canonical!).pathname).toBe(href);
    const ogImage = await page.locator('meta[property="og:image"]').first().getAttribute('content');
    expect(ogImage).toMatch(/^https?:\/\/.+\.(svg|png|jpe?g|webp)$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', ogImage!);
    await expect(page.locator('meta[name="rating"]')).toHaveAttribute('content', 'adult');
  }
  expect(seen.size).toBe(6);
});

test('catalogue pages have their own description and a canonical URL; titles follow the spec', async ({ page }) => {
  const BRAND = process.env.NEXT_PUBLIC_BRAND_NAME ?? 'Kilig';
  const pages: [string, string | RegExp][] = [
    ['/', BRAND],
    ['/movie-genres/All-movies', `All Movie Series | ${BRAND}`],
    ['/movie-genres/All-movies?genre=romance', `All Movie Series | ${BRAND}`],
    ['/series', BRAND],
    ['/artist', BRAND],
    ['/about', BRAND],
    ['/fandom', `${BRAND} Fandom - For all the curiosity of movie fans`],
    ['/wallet', `Your Wallet at ${BRAND}`],
    ['/dashboard/library', `Your Movie Library at ${BRAND}`],
    ['/tag/Steamy', /#Steamy/],
  ];
  const descriptions = new Set<string>();
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    const description = (await page.locator('meta[name="description"]').getAttribute('content'))!;
    descriptions.add(description);
    const canonical = new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!);
    expect(canonical.pathname + canonical.search, path).toBe(path);
    await expect(page.locator('meta[name="rating"]')).toHaveAttribute('content', 'adult');
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', typeof title === 'string' ? title : /#Steamy/);
  }
  expect(descriptions.size).toBe(pages.length);
});

test.describe('both languages', () => {
  test.use({ javaScriptEnabled: false });

  test('each language is its own URL with <html lang>, a canonical of its own and hreflang alternates of both', async ({ page, request }) => {
    const href = await titleHref(request, SERIES);
    for (const [path, lang] of [
      [href, 'en'],
      [`/fil${href}`, 'fil'],
      ['/', 'en'],
      ['/fil', 'fil'],
    ] as const) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const canonical = new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!);
      expect(canonical.pathname, path).toBe(path);
      const english = path.replace(/^\/fil(?=\/|$)/, '') || '/';
      const alternates = Object.fromEntries(
        await page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), new URL(l.getAttribute('href')!).pathname])),
      );
      expect(alternates, path).toEqual({ en: english, fil: english === '/' ? '/fil' : `/fil${english}`, 'x-default': english });
    }
    // The Filipino page is in Filipino (the series' own name and plot are the same in both).
    await page.goto(`/fil${href}`);
    await expect(page).toHaveTitle(`${SERIES} | Serye sa ${process.env.NEXT_PUBLIC_BRAND_NAME ?? 'Kilig'}`);
  });

  test('no language is chosen for the visitor: Accept-Language never redirects, /en/… goes to the spec path', async ({ request }) => {
    for (const [path, language] of [
      ['/', 'fil-PH,fil;q=0.9,tl;q=0.8'],
      ['/fil', 'en-US,en;q=0.9'],
      ['/series', 'tl'],
    ]) {
      const res = await request.get(path, { headers: { 'accept-language': language }, maxRedirects: 0 });
      expect(res.status(), `${path} for ${language}`).toBe(200);
      expect(res.headers()['set-cookie'], path).toBeUndefined();
    }
    const prefixed = await request.get('/en/series', { maxRedirects: 0 });
    expect(prefixed.status()).toBe(308);
    expect(prefixed.headers().location).toBe('/series');
  });

  test('the sitemap lists every page in both languages, each naming the other', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    const english = locs.filter((p) => !/^\/fil(\/|$)/.test(p));
    expect(english.length).toBeGreaterThan(20);
    for (const path of english) expect(locs, path).toContain(path === '/' ? '/fil' : `/fil${path}`);
    expect(locs.length).toBe(english.length * 2);
    const href = await titleHref(request, SERIES);
    const entry = xml.split('<url>').find((u) => u.includes(`${href}</loc>`) && !u.includes(`/fil${href}</loc>`))!;
    expect(entry).toContain(`hreflang="fil" href="${new URL(`/fil${href}`, new URL(locsBase(xml))).toString()}"`);
  });
});

/** The site origin the sitemap names (NEXT_PUBLIC_SITE_URL), from its first entry. */
const locsBase = (xml: string) => new URL(/<loc>([^<]+)<\/loc>/.exec(xml)![1]).origin;
