import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { navigation, renderWithProviders } from '@/tests/fixtures/render';
import type { RevenueInsights, TitleEpisodesInsights, TitlesInsights } from '@/lib/contracts/studio-insights';
import { lastDays } from '@/lib/contracts/studio-insights';
import { InsightsDashboard } from './InsightsDashboard';
import { TitleInsightsView } from './TitleInsightsView';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
// The charts measure their container, which jsdom cannot: they are stood in for; their text alternatives are not.
vi.mock('./RevenueChart', () => ({ default: () => <div data-testid="revenue-chart" /> }));
vi.mock('./FunnelChart', () => ({ default: () => <div data-testid="funnel-chart" /> }));
vi.mock('@/lib/api/studio-insights', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/studio-insights')>()),
  fetchTitlesInsights: vi.fn(),
  fetchRevenueInsights: vi.fn(),
  fetchTitleInsights: vi.fn(),
  downloadInsightsCsv: vi.fn(),
}));
const api = await import('@/lib/api/studio-insights');

const RANGE = { from: '2026-03-01', to: '2026-03-03', days: 3 };
const figures = { sessions: 0, unlocks: 0, coinsSpent: 0 };
const TITLES: TitlesInsights = {
  range: RANGE,
  totals: { viewers: 4, sessions: 9, starts: 8, completions: 4, completionRate: 0.5, watchSeconds: 7200, unlocks: 3, coinsSpent: 75 },
  titles: [
    { ...figures, id: 'a'.repeat(24), name: 'Anak ng Bagyo', type: 2, isPublished: true, episodes: 10, viewers: 1, starts: 1, completions: 0, completionRate: 0, watchSeconds: 60 },
    { ...figures, id: 'b'.repeat(24), name: 'Bituin', type: 1, isPublished: false, episodes: 1, viewers: 3, starts: 3, completions: 3, completionRate: 1, watchSeconds: 5400, unlocks: 2 },
    { ...figures, id: 'c'.repeat(24), name: 'Cupido', type: 2, isPublished: true, episodes: 5, viewers: 0, starts: 0, completions: 0, completionRate: 0, watchSeconds: 0, unlocks: 9 },
  ],
};
const day = (d: string, vip: number, coins: number, premium: number) => ({
  day: d,
  vipCentavos: vip,
  coinsCentavos: coins,
  premiumCentavos: premium,
  totalCentavos: vip + coins + premium,
  payments: (vip ? 1 : 0) + (coins ? 1 : 0) + (premium ? 1 : 0),
  unlocks: 1,
  coinsSpent: 20,
});
const REVENUE: RevenueInsights = {
  range: RANGE,
  days: [day('2026-03-01', 14_900, 0, 0), day('2026-03-02', 0, 9_900, 0), day('2026-03-03', 14_900, 0, 4_900)],
  totals: { vipCentavos: 29_800, coinsCentavos: 9_900, premiumCentavos: 4_900, totalCentavos: 44_600, payments: 4, unlocks: 3, coinsSpent: 60 },
};

const description = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? null;
const rowNames = (table: HTMLElement) => within(table).getAllByRole('rowheader').map((th) => within(th).getByRole('link').textContent);

beforeEach(() => {
  vi.mocked(api.fetchTitlesInsights).mockReset().mockResolvedValue(TITLES);
  vi.mocked(api.fetchRevenueInsights).mockReset().mockResolvedValue(REVENUE);
  vi.mocked(api.fetchTitleInsights).mockReset();
  vi.mocked(api.downloadInsightsCsv).mockReset().mockResolvedValue('kilig-titles.csv');
});

describe('InsightsDashboard', () => {
  it('shows the totals, revenue in pesos with a text summary and a table, and the titles most watched first', async () => {
    renderWithProviders(<InsightsDashboard isAdmin />, { pathname: `/studio/insights?from=${RANGE.from}&to=${RANGE.to}` });
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
    const totals = await screen.findByLabelText('Totals for the range');
    expect(within(totals).getByText('Viewers').nextSibling?.textContent).toBe('4');
    expect(within(totals).getByText('Watch time').nextSibling?.textContent).toBe('2 h');
    expect(within(totals).getByText('Completion rate').nextSibling?.textContent).toBe('50%');
    expect(within(totals).getByText('Revenue').nextSibling?.textContent).toBe('₱446.00');
    expect(api.fetchTitlesInsights).toHaveBeenCalledWith({ from: RANGE.from, to: RANGE.to }, expect.any(AbortSignal));

    expect(await screen.findByText(/₱446\.00 from 4 paid payments over 3 days: VIP ₱298\.00, coins ₱99\.00, premium videos ₱49\.00\. Best day March 3, 2026 with ₱198\.00\./)).toBeTruthy();
    const revenueTable = screen.getByRole('table', { name: /Revenue per day/ });
    expect(within(revenueTable).getAllByRole('row')).toHaveLength(4);
    expect(within(revenueTable).getByRole('rowheader', { name: 'Mar 2' }).parentElement?.textContent).toContain('₱99.00');

    const titles = screen.getByRole('table', { name: /Titles over the range/ });
    expect(rowNames(titles)).toEqual(['Bituin', 'Anak ng Bagyo', 'Cupido']);
    expect(within(titles).getByRole('link', { name: 'Bituin' }).getAttribute('href')).toBe(`/studio/insights/${'b'.repeat(24)}?from=2026-03-01&to=2026-03-03`);
    expect(screen.getByText(/at least 90 % of the episode was watched/)).toBeTruthy();
  });

  it('sorts the titles by the header pressed, and says which column orders them', async () => {
    const user = userEvent.setup();
    renderWithProviders(<InsightsDashboard isAdmin={false} />, { pathname: `/studio/insights?from=${RANGE.from}&to=${RANGE.to}` });
    const titles = await screen.findByRole('table', { name: /Titles over the range/ });
    expect(within(titles).getByRole('columnheader', { name: /Viewers/ }).getAttribute('aria-sort')).toBe('descending');
    await user.click(within(titles).getByRole('button', { name: /Unlocks/ }));
    expect(rowNames(titles)).toEqual(['Cupido', 'Bituin', 'Anak ng Bagyo']);
    expect(within(titles).getByRole('columnheader', { name: /Unlocks/ }).getAttribute('aria-sort')).toBe('descending');
    await user.click(within(titles).getByRole('button', { name: /Title/ }));
    expect(rowNames(titles)).toEqual(['Anak ng Bagyo', 'Bituin', 'Cupido']);
    await user.click(within(titles).getByRole('button', { name: /Title/ }));
    expect(rowNames(titles)).toEqual(['Cupido', 'Bituin', 'Anak ng Bagyo']);
    expect(within(titles).getByRole('columnheader', { name: /Title/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('does not ask an editor\'s browser for revenue', async () => {
    renderWithProviders(<InsightsDashboard isAdmin={false} />, { pathname: '/studio/insights' });
    await screen.findByRole('table', { name: /Titles over the range/ });
    expect(api.fetchRevenueInsights).not.toHaveBeenCalled();
    expect(screen.getByText('Revenue per day is shown to admins only.')).toBeTruthy();
    expect(screen.queryByText('Revenue')).toBeNull();
  });

  it('reads a missing range as the last 30 days, and a preset writes its range to the address', async () => {
    const user = userEvent.setup();
    renderWithProviders(<InsightsDashboard isAdmin={false} />, { pathname: '/studio/insights' });
    const thirty = lastDays(30);
    await waitFor(() => expect(api.fetchTitlesInsights).toHaveBeenCalledWith(thirty, expect.any(AbortSignal)));
    expect(screen.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: '7 days' }));
    const seven = lastDays(7);
    expect(navigation.router.push).toHaveBeenCalledWith(`/studio/insights?from=${seven.from}&to=${seven.to}`, { scroll: false });
  });

  it('checks a custom range by field before using it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<InsightsDashboard isAdmin={false} />, { pathname: `/studio/insights?from=${RANGE.from}&to=${RANGE.to}` });
    expect(screen.getByRole('button', { name: 'Custom' }).getAttribute('aria-pressed')).toBe('true');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect((from as HTMLInputElement).value).toBe('2026-03-01');
    await user.clear(from);
    await user.type(from, '2026-03-09');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(description(from)).toBe('Start date must be on or before the end date.');
    expect(navigation.router.push).not.toHaveBeenCalled();

    await user.clear(from);
    await user.type(from, '2024-01-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(description(to)).toBe('End date must keep the range to 366 days or fewer.');
    expect(from.getAttribute('aria-invalid')).toBeNull();

    await user.clear(from);
    await user.type(from, '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(navigation.router.push).toHaveBeenCalledWith('/studio/insights?from=2026-02-01&to=2026-03-03', { scroll: false });
  });

  it('shows the server\'s message and tries again on request; exports the titles as CSV for the range', async () => {
    const user = userEvent.setup();
    vi.mocked(api.fetchTitlesInsights).mockReset().mockRejectedValueOnce(new Error('The service is busy.')).mockResolvedValue(TITLES);
    renderWithProviders(<InsightsDashboard isAdmin={false} />, { pathname: `/studio/insights?from=${RANGE.from}&to=${RANGE.to}` });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0].textContent).toContain('The service is busy.');
    await user.click(screen.getAllByRole('button', { name: 'Try again' })[0]);
    await screen.findByRole('table', { name: /Titles over the range/ });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(api.downloadInsightsCsv).toHaveBeenCalledWith('/api/admin/insights/titles', { from: RANGE.from, to: RANGE.to });
  });
});

describe('TitleInsightsView', () => {
  const ep = (n: number, viewers: number, nextViewers: number | null) => ({
    id: String(n).repeat(24).slice(0, 24),
    episodeNumber: n,
    title: `Kabanata ${n}`,
    durationSeconds: 100,
    isPremium: n > 2,
    coinPrice: n > 2 ? 15 : 0,
    viewers,
    sessions: viewers,
    starts: viewers,
    completions: 0,
    completionRate: 0,
    watchSeconds: viewers * 60,
    unlocks: 0,
    coinsSpent: 0,
    nextViewers,
    dropOff: nextViewers === null || viewers === 0 ? null : 1 - nextViewers / viewers,
    retention: viewers / 100,
  });
  const DATA: TitleEpisodesInsights = {
    range: RANGE,
    title: { id: 'a'.repeat(24), name: 'Anak ng Bagyo', type: 2, isPublished: true },
    totals: { viewers: 100, sessions: 180, starts: 180, completions: 0, completionRate: 0, watchSeconds: 10_800, unlocks: 0, coinsSpent: 0 },
    episodes: [ep(1, 100, 60), ep(2, 60, 15), ep(3, 15, 5), ep(4, 5, null)],
  };

  it('shows the funnel with its text summary and the episodes with their drop-off', async () => {
    vi.mocked(api.fetchTitleInsights).mockResolvedValue(DATA);
    renderWithProviders(<TitleInsightsView titleId={'a'.repeat(24)} />, { pathname: `/studio/insights/${'a'.repeat(24)}?from=${RANGE.from}&to=${RANGE.to}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anak ng Bagyo' })).toBeTruthy();
    expect(screen.getByText('100 viewers started episode 1; 5 (5%) started episode 4. The steepest drop is from episode 2 to 3: 75%.')).toBeTruthy();
    const table = screen.getByRole('table', { name: /Episodes in order/ });
    const row2 = within(table).getByRole('rowheader', { name: /2\. Kabanata 2/ }).parentElement!;
    expect(within(row2).getAllByRole('cell').map((c) => c.textContent)).toEqual(['60', '60%', '75%', '0%', '1 h', '0', '0']);
    const last = within(table).getByRole('rowheader', { name: /4\. Kabanata 4/ }).parentElement!;
    expect(within(last).getAllByRole('cell')[2].textContent).toContain('–');
    expect(screen.getByRole('link', { name: '← All titles' }).getAttribute('href')).toBe('/studio/insights?from=2026-03-01&to=2026-03-03');
  });

  it('says when the title is unknown', async () => {
    vi.mocked(api.fetchTitleInsights).mockRejectedValue(new Error('Title not found.'));
    renderWithProviders(<TitleInsightsView titleId={'f'.repeat(24)} />, { pathname: `/studio/insights/${'f'.repeat(24)}` });
    expect((await screen.findByRole('alert')).textContent).toContain('Title not found.');
  });
});
