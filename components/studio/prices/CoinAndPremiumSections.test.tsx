import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StudioCoinPlan, StudioPremiumPrice } from '@/lib/contracts/studio-admin';
import { renderWithProviders } from '@/tests/fixtures/render';
import { CoinPlansSection } from './CoinPlansSection';
import { PremiumPricesSection } from './PremiumPricesSection';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('@/lib/api/studio-admin', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/studio-admin')>()),
  fetchCoinPlans: vi.fn(),
  updateCoinPlan: vi.fn(),
  createCoinPlan: vi.fn(),
  deleteCoinPlan: vi.fn(),
  orderCoinPlans: vi.fn(),
  fetchPremiumPrices: vi.fn(),
  updatePremiumPrice: vi.fn(),
  deletePremiumPrice: vi.fn(),
}));
const api = await import('@/lib/api/studio-admin');

const coinPlan = (id: string, coins: number, bonusCoins: number, priceCentavos: number, paymentCount = 0): StudioCoinPlan => ({
  id: id.padStart(24, '0'),
  coins,
  bonusCoins,
  priceCentavos,
  isActive: true,
  sortOrder: 0,
  updatedAt: '2026-01-01T00:00:00.000Z',
  paymentCount,
});
const SMALL = coinPlan('1', 300, 0, 14900);
const BIG = coinPlan('2', 1000, 100, 44900, 2);

const premium = (paymentCount: number): StudioPremiumPrice => ({
  id: 'p'.padStart(24, '0'),
  videoId: 'v'.padStart(24, '0'),
  priceCentavos: 4900,
  isActive: true,
  label: 'Lihim ng Bilyonaryo · Episode 12',
  seriesId: 's'.padStart(24, '0'),
  seriesName: 'Lihim ng Bilyonaryo',
  episodeNumber: 12,
  updatedAt: '2026-01-01T00:00:00.000Z',
  paymentCount,
});

const errorOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

beforeEach(() => {
  vi.mocked(api.fetchCoinPlans).mockReset().mockResolvedValue([SMALL, BIG]);
  vi.mocked(api.updateCoinPlan).mockReset();
  vi.mocked(api.createCoinPlan).mockReset();
  vi.mocked(api.deleteCoinPlan).mockReset();
  vi.mocked(api.fetchPremiumPrices).mockReset();
  vi.mocked(api.updatePremiumPrice).mockReset();
  vi.mocked(api.deletePremiumPrice).mockReset();
});

describe('CoinPlansSection', () => {
  it('a plan payments name keeps its coins; a free one is deleted after a second click', async () => {
    vi.mocked(api.deleteCoinPlan).mockResolvedValue(undefined as never);
    renderWithProviders(<CoinPlansSection />);
    const big = within(await screen.findByRole('form', { name: '1,000 coins + 100 bonus' }));
    expect(big.getByLabelText('Coins').hasAttribute('readonly')).toBe(true);
    expect(big.getByText(/2 payment\(s\) name this plan: its coins are fixed/)).toBeTruthy();
    expect(big.queryByRole('button', { name: 'Delete' })).toBeNull();

    const small = within(screen.getByRole('form', { name: '300 coins' }));
    fireEvent.click(small.getByRole('button', { name: 'Delete' }));
    fireEvent.click(small.getByRole('button', { name: 'Keep it' }));
    expect(api.deleteCoinPlan).not.toHaveBeenCalled();
    fireEvent.click(small.getByRole('button', { name: 'Delete' }));
    fireEvent.click(small.getByRole('button', { name: 'Delete 300 coins' }));
    await waitFor(() => expect(api.deleteCoinPlan).toHaveBeenCalledWith(SMALL.id));
  });

  it('adds a plan in pesos, then the form is empty again', async () => {
    vi.mocked(api.createCoinPlan).mockResolvedValue(coinPlan('3', 500, 50, 19900));
    renderWithProviders(<CoinPlansSection />);
    const add = within(await screen.findByRole('form', { name: 'Add a coin plan' }));
    fireEvent.click(add.getByRole('button', { name: 'Add plan' }));
    expect(add.getByLabelText('Coins').getAttribute('aria-invalid')).toBe('true');
    expect(api.createCoinPlan).not.toHaveBeenCalled();
    fireEvent.change(add.getByLabelText('Coins'), { target: { value: '500' } });
    fireEvent.change(add.getByLabelText('Bonus coins'), { target: { value: '50' } });
    fireEvent.change(add.getByLabelText('Price (₱)'), { target: { value: '199' } });
    fireEvent.click(add.getByRole('button', { name: 'Add plan' }));
    await waitFor(() => expect(api.createCoinPlan).toHaveBeenCalledWith({ coins: 500, bonusCoins: 50, priceCentavos: 19900, isActive: true }));
    expect(await add.findByText('Added 500 coins + 50 bonus.')).toBeTruthy();
    expect((add.getByLabelText('Coins') as HTMLInputElement).value).toBe('');
    expect(api.fetchCoinPlans).toHaveBeenCalledTimes(2);
  });
});

describe('PremiumPricesSection', () => {
  it('refuses a bad price by field; an unchanged one saves nothing; a paid-for video offers no Delete', async () => {
    vi.mocked(api.fetchPremiumPrices).mockResolvedValue({ status: true, message: 'Prices', data: [premium(1)], pagination: { currentPage: 1, pageSize: 10, totalItems: 1, totalPages: 1 } });
    renderWithProviders(<PremiumPricesSection />);
    const row = within(await screen.findByRole('form', { name: 'Lihim ng Bilyonaryo · Episode 12' }));
    const price = row.getByLabelText('Price (₱)');
    expect((price as HTMLInputElement).value).toBe('49.00');
    expect(row.queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.change(price, { target: { value: '0' } });
    fireEvent.click(row.getByRole('button', { name: 'Save' }));
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(price)).toMatch(/at least ₱1.00/);
    expect(row.getByText('Check the price.')).toBeTruthy();
    fireEvent.change(price, { target: { value: '49' } });
    fireEvent.click(row.getByRole('button', { name: 'Save' }));
    expect(price.getAttribute('aria-invalid')).toBeNull();
    expect(row.getByText('Nothing to save.')).toBeTruthy();
    expect(api.updatePremiumPrice).not.toHaveBeenCalled();
  });

  it('saves a new price as centavos', async () => {
    vi.mocked(api.fetchPremiumPrices).mockResolvedValue({ status: true, message: 'Prices', data: [premium(0)], pagination: { currentPage: 1, pageSize: 10, totalItems: 1, totalPages: 1 } });
    vi.mocked(api.updatePremiumPrice).mockResolvedValue({ ...premium(0), priceCentavos: 5950 });
    renderWithProviders(<PremiumPricesSection />);
    const row = within(await screen.findByRole('form', { name: 'Lihim ng Bilyonaryo · Episode 12' }));
    expect(row.getByRole('button', { name: 'Delete' })).toBeTruthy();
    fireEvent.change(row.getByLabelText('Price (₱)'), { target: { value: '59.50' } });
    fireEvent.click(row.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.updatePremiumPrice).toHaveBeenCalledWith(premium(0).id, { priceCentavos: 5950 }));
    expect(await row.findByText('Saved: Buy for ₱59.50.')).toBeTruthy();
  });
});
