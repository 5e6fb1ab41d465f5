import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StudioVipPlan } from '@/lib/contracts/studio-admin';
import { renderWithProviders } from '@/tests/fixtures/render';
import { VipPlansSection } from './VipPlansSection';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('@/lib/api/studio-admin', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/studio-admin')>()),
  fetchVipPlans: vi.fn(),
  updateVipPlan: vi.fn(),
  createVipPlan: vi.fn(),
  deleteVipPlan: vi.fn(),
  orderVipPlans: vi.fn(),
}));
const api = await import('@/lib/api/studio-admin');

const plan = (id: string, subscriptionType: string, priceCentavos: number, validityDays: number | null, paymentCount = 0): StudioVipPlan => ({
  id: id.padStart(24, '0'),
  subscriptionType,
  priceCentavos,
  validityDays,
  isActive: true,
  sortOrder: 0,
  updatedAt: '2026-01-01T00:00:00.000Z',
  paymentCount,
});
const WEEKLY = plan('1', 'weekly', 9900, 7);
const MONTHLY = plan('2', 'monthly', 29900, 30, 3);

/** The error shown for an input: the element its aria-describedby names. */
const errorOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

async function renderSection() {
  renderWithProviders(<VipPlansSection />);
  return within(await screen.findByRole('form', { name: 'Weekly plan' }));
}

beforeEach(() => {
  vi.mocked(api.fetchVipPlans).mockReset().mockResolvedValue([WEEKLY, MONTHLY]);
  vi.mocked(api.updateVipPlan).mockReset();
  vi.mocked(api.createVipPlan).mockReset();
  vi.mocked(api.orderVipPlans).mockReset();
});

describe('VipPlansSection', () => {
  it('shows prices in pesos and refuses a zero, a negative or a huge price by field, sending nothing', async () => {
    const row = await renderSection();
    const price = row.getByLabelText('Price (₱)');
    expect((price as HTMLInputElement).value).toBe('99.00');
    for (const [typed, message] of [
      ['0', /at least ₱1.00/],
      ['-5', /Enter a price in pesos/],
      ['99999999', /at most ₱50,000.00/],
      ['12.345', /Enter a price in pesos/],
    ] as const) {
      fireEvent.change(price, { target: { value: typed } });
      fireEvent.click(row.getByRole('button', { name: 'Save' }));
      expect(price.getAttribute('aria-invalid')).toBe('true');
      expect(errorOf(price)).toMatch(message);
    }
    expect(api.updateVipPlan).not.toHaveBeenCalled();
  });

  it('saves a new peso price as centavos, only the changed field', async () => {
    vi.mocked(api.updateVipPlan).mockResolvedValue({ ...WEEKLY, priceCentavos: 12950, updatedAt: '2026-01-02T00:00:00.000Z' });
    const row = await renderSection();
    fireEvent.change(row.getByLabelText('Price (₱)'), { target: { value: '₱129.50' } });
    fireEvent.click(row.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.updateVipPlan).toHaveBeenCalledWith(WEEKLY.id, { priceCentavos: 12950 }));
    expect(await row.findByText('Saved: ₱129.50.')).toBeTruthy();
    expect(api.fetchVipPlans).toHaveBeenCalledTimes(2);
  });

  it('a plan payments name keeps its type and days, and offers no Delete', async () => {
    await renderSection();
    const monthly = within(screen.getByRole('form', { name: 'Monthly plan' }));
    expect(monthly.getByLabelText('Type').hasAttribute('readonly')).toBe(true);
    expect(monthly.getByLabelText('Validity (days)').hasAttribute('readonly')).toBe(true);
    expect(monthly.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(monthly.getByText(/3 payment\(s\) name this plan/)).toBeTruthy();
    const weekly = within(screen.getByRole('form', { name: 'Weekly plan' }));
    expect(weekly.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('the switch deactivates a plan, and the arrows send the new order', async () => {
    vi.mocked(api.updateVipPlan).mockResolvedValue({ ...WEEKLY, isActive: false });
    vi.mocked(api.orderVipPlans).mockResolvedValue([MONTHLY, WEEKLY]);
    const row = await renderSection();
    const toggle = row.getByRole('switch', { name: 'Weekly plan shown to viewers' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(api.updateVipPlan).toHaveBeenCalledWith(WEEKLY.id, { isActive: false }));

    expect((row.getByRole('button', { name: 'Move Weekly plan up' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(row.getByRole('button', { name: 'Move Weekly plan down' }));
    await waitFor(() => expect(api.orderVipPlans).toHaveBeenCalledWith([MONTHLY.id, WEEKLY.id]));
    await waitFor(() => expect(screen.getAllByRole('form').map((f) => f.getAttribute('aria-label'))).toEqual(['Monthly plan', 'Weekly plan', 'Add a VIP plan']));
  });

  it('adds a lifetime plan; the server’s refusal is shown on the form', async () => {
    vi.mocked(api.createVipPlan).mockRejectedValueOnce({ isAxiosError: true, response: { status: 409, data: { status: false, code: 'E_CONFLICT', message: "There is already a 'weekly' plan: each plan type appears once." } } });
    await renderSection();
    const add = within(screen.getByRole('form', { name: 'Add a VIP plan' }));
    fireEvent.change(add.getByLabelText('Type'), { target: { value: 'Weekly' } });
    fireEvent.change(add.getByLabelText('Price (₱)'), { target: { value: '1,999' } });
    fireEvent.click(add.getByRole('checkbox', { name: 'Lifetime' }));
    fireEvent.click(add.getByRole('button', { name: 'Add plan' }));
    await waitFor(() => expect(api.createVipPlan).toHaveBeenCalledWith({ subscriptionType: 'weekly', priceCentavos: 199900, validityDays: null, isActive: true }));
    expect((await add.findByRole('alert')).textContent).toMatch(/already a 'weekly' plan/);
  });

  it('a failed load says so and tries again', async () => {
    vi.mocked(api.fetchVipPlans).mockReset().mockRejectedValueOnce({ isAxiosError: true, response: { status: 503, data: { status: false, message: 'The service is busy.' } } }).mockResolvedValueOnce([]);
    renderWithProviders(<VipPlansSection />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/The service is busy/);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No VIP plans yet.')).toBeTruthy();
  });
});
