import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { resetInstallPromptForTests } from './install-prompt';
import { StoreButtons } from './StoreButtons';
import { InstallGuide } from './InstallGuide';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);

/** Chromium's `beforeinstallprompt`, as the browser would send it once the site is installable. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  act(() => void window.dispatchEvent(event));
  return event;
}

afterEach(() => act(() => resetInstallPromptForTests()));

describe('StoreButtons', () => {
  it('without store listings configured, both store buttons lead to the install page, in the page\'s language', () => {
    renderWithProviders(<StoreButtons />, { locale: 'fil' });
    const appStore = screen.getByRole('link', { name: /I-download sa\s*App Store/ });
    const play = screen.getByRole('link', { name: /Kunin ito sa\s*Google Play/ });
    for (const link of [appStore, play]) {
      expect(link.getAttribute('href')).toBe('/fil/install');
      expect(link.getAttribute('target')).toBeNull();
    }
  });

  it('shows \'Install app\' only once the browser offers installation, and hands over to the browser\'s prompt', async () => {
    const user = userEvent.setup();
    renderWithProviders(<StoreButtons />);
    expect(screen.getByRole('link', { name: /Download on the\s*App Store/ }).getAttribute('href')).toBe('/install');
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();

    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true); // no mini-infobar: our button instead
    await user.click(screen.getByRole('button', { name: 'Install app' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    // An offer prompts once: the button goes.
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();
  });

  it('the Filipino button', () => {
    renderWithProviders(<StoreButtons />, { locale: 'fil' });
    offerInstall();
    expect(screen.getByRole('button', { name: 'I-install ang app' })).toBeTruthy();
  });
});

describe('InstallGuide', () => {
  it('explains Share → Add to Home Screen on iPhone and the Android steps, in Filipino', () => {
    renderWithProviders(<InstallGuide />, { locale: 'fil' });
    expect(screen.getByRole('heading', { level: 1, name: 'I-install ang app' })).toBeTruthy();
    const iphone = screen.getByRole('region', { name: 'iPhone at iPad' });
    expect(iphone.textContent).toMatch(/I-tap ang Share button/);
    expect(iphone.textContent).toMatch(/'Add to Home Screen'/);
    expect(screen.getByRole('region', { name: 'Android' }).textContent).toMatch(/Buksan ang Kilig sa Chrome/);
    expect(screen.queryByRole('button', { name: 'I-install ang app' })).toBeNull();
  });

  it('offers the browser\'s install where there is one, then says the app is installed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<InstallGuide />);
    expect(screen.getByRole('region', { name: 'iPhone and iPad' }).textContent).toMatch(/Tap the Share button/);
    offerInstall('accepted');
    await user.click(screen.getByRole('button', { name: 'Install app' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Kilig is installed on this device. Open it from your Home Screen.');
  });
});
