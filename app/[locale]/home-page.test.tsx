import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { localeParams } from '@/tests/fixtures/intl-server';
import HomePage, { generateMetadata } from './page';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('next-intl/server', async () => (await import('@/tests/fixtures/intl-server')).nextIntlServerMock);
// The catalogue's memoised queries (they need the database): an empty catalogue.
vi.mock('@/lib/server/cache', () => ({
  listBanners: async () => [],
  listLatest: async () => [],
  listTitles: async () => ({ items: [], total: 0 }),
  listTitlesGroupedByGenre: async () => [],
}));

describe('home page', () => {
  it("names the page for screen readers and crawlers in Filipino on /fil, in English on /", async () => {
    const view = renderWithProviders(await HomePage({ params: localeParams('fil') }), { locale: 'fil' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/: mga vertical na short drama at pelikula$/);
    expect((await generateMetadata({ params: localeParams('fil') })).description).toMatch(/: mga vertical na short drama at pelikulang ginawa para sa phone mo\. /);
    view.unmount();

    renderWithProviders(await HomePage({ params: localeParams('en') }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/: vertical short dramas and movies$/);
    expect((await generateMetadata({ params: localeParams('en') })).description).toMatch(
      /: vertical short dramas and movies made for your phone\. Romance, revenge and family secrets in minutes-long episodes, for viewers 18\+ in the Philippines\.$/,
    );
  });
});
