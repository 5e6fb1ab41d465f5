import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { publicEnv } from '@/lib/public-env';
import { FooterGate } from './FooterGate';
import { SiteFooter } from './SiteFooter';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('@/lib/api/auth', () => ({ retrieveContentPages: vi.fn() }));
const api = vi.mocked(await import('@/lib/api/auth'));

const renderFooter = (pathname: string) =>
  renderWithProviders(
    <FooterGate>
      <SiteFooter />
    </FooterGate>,
    { pathname },
  );

describe('SiteFooter', () => {
  it('is hidden on episode and tag pages', () => {
    const { unmount } = renderFooter('/episodes/episode-1-X-0123456789abcdef01234567');
    expect(screen.queryByTestId('site-footer')).toBeNull();
    unmount();
    renderFooter('/tag/Hot');
    expect(screen.queryByTestId('site-footer')).toBeNull();
  });

  it("says 'rights reserved 2025' with the brand", () => {
    renderFooter('/');
    const footer = screen.getByTestId('site-footer');
    expect(footer.textContent).toContain('rights reserved 2025');
    expect(footer.textContent).toContain(`© ${publicEnv.NEXT_PUBLIC_BRAND_NAME}`);
  });

  it('links Movies, Series, My List, About and Subscription', () => {
    renderFooter('/about');
    const footer = screen.getByTestId('site-footer');
    const href = (name: string) => within(footer).getByRole('link', { name }).getAttribute('href');
    expect(href('Movies')).toBe('/movie-genres/All-movies');
    expect(href('Series')).toBe('/series');
    expect(href('My List')).toBe('/dashboard/library');
    expect(href('About')).toBe('/about');
    expect(href('Subscription')).toBe('/subscription');
  });

  it('has the contact e-mail, postal address, store buttons and labelled social links', () => {
    renderFooter('/');
    const footer = screen.getByTestId('site-footer');
    const email = publicEnv.NEXT_PUBLIC_CONTACT_EMAIL;
    expect(within(footer).getByRole('link', { name: email }).getAttribute('href')).toBe(`mailto:${email}`);
    expect(footer.textContent).toContain(publicEnv.NEXT_PUBLIC_POSTAL_ADDRESS);
    expect(within(footer).getByRole('link', { name: /App Store/ })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: /Google Play/ })).toBeTruthy();
    for (const network of ['Facebook', 'Instagram', 'TikTok', 'YouTube', 'X']) {
      expect(within(footer).getByRole('link', { name: `${publicEnv.NEXT_PUBLIC_BRAND_NAME} on ${network}` })).toBeTruthy();
    }
  });

  it('links Terms and Privacy to their pages; a plain click opens the same modal as the sign-up form', async () => {
    const terms = { _id: 't', slug: 'terms', title: 'Mobile App Terms and Conditions', sections: [{ heading: 'Introduction', paragraphs: ['Welcome.'] }] };
    api.retrieveContentPages.mockResolvedValue({ status: true, data: [terms] });
    renderFooter('/');
    const legal = within(screen.getByRole('navigation', { name: 'Legal' }));
    expect(legal.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    const link = legal.getByRole('link', { name: 'Terms and Conditions' });
    expect(link.getAttribute('href')).toBe('/terms');
    fireEvent.click(link);
    const modal = await screen.findByTestId('policy-modal-terms');
    expect(await within(modal).findByRole('heading', { name: /Introduction/ })).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'I Understand' }));
    expect(screen.queryByTestId('policy-modal-terms')).toBeNull();
  });

  it('makes its text links at least 24 px tall (WCAG 2.5.8)', () => {
    // The rules of the module's classes (the test environment gives modules no class names; the accessibility e2e
    // spec measures the links with axe's target-size rule in Chromium).
    const css = readFileSync(path.join(import.meta.dirname, 'SiteFooter.module.css'), 'utf8');
    const rule = (selector: string) => css.match(new RegExp(`\\n${selector.replace(/[.]/g, '\\.')} \\{([^}]*)\\}`))?.[1] ?? '';
    for (const selector of ['.textLink', '.column a']) expect(rule(selector), selector).toContain('min-h-6');
  });
});
