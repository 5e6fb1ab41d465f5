import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import RouteError from './RouteError';
import { GridPageSkeleton } from './Skeletons';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);

describe('RouteError', () => {
  it('says what happened and offers Try again and home, in English', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const retry = vi.fn();
    renderWithProviders(<RouteError error={new Error('x')} retry={retry} />);
    expect(screen.getByRole('heading', { name: "We couldn't load this page" })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
  });

  it('speaks Filipino on a Filipino page, and home is the Filipino home', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<RouteError error={new Error('x')} retry={() => undefined} />, { locale: 'fil' });
    expect(screen.getByRole('heading', { name: 'Hindi namin ma-load ang page na ito' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subukan ulit' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bumalik sa Home' }).getAttribute('href')).toBe('/fil');
  });
});

describe('GridPageSkeleton', () => {
  it('announces loading in the page language', () => {
    renderWithProviders(<GridPageSkeleton />, { locale: 'fil' });
    expect(screen.getByRole('status').textContent).toBe('Naglo-load…');
  });
});
