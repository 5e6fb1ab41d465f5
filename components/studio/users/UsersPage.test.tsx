import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StudioUserRow } from '@/lib/contracts/studio-admin';
import { initialAuthState } from '@/store/auth/slice';
import { renderWithProviders } from '@/tests/fixtures/render';
import { StudioShell } from '@/components/studio/StudioShell';
import { UsersPage } from './UsersPage';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('@/lib/api/studio', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api/studio')>()), fetchStudioUser: vi.fn() }));
vi.mock('@/lib/api/studio-admin', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/studio-admin')>()),
  fetchUsers: vi.fn(),
  setUserRole: vi.fn(),
  setUserBlocked: vi.fn(),
}));
const studio = await import('@/lib/api/studio');
const api = await import('@/lib/api/studio-admin');

const ME = 'a'.repeat(24);
const row = (id: string, over: Partial<StudioUserRow> = {}): StudioUserRow => ({
  id,
  email: `${id.slice(0, 4)}@example.ph`,
  name: 'Juan',
  role: 'viewer',
  isBlocked: false,
  isAnonymous: false,
  isVip: false,
  vipExpiresAt: null,
  vipLifetime: false,
  coins: 1200,
  createdAt: '2026-01-05T02:00:00.000Z',
  lastLoginAt: null,
  ...over,
});
const VIEWER = row('b'.repeat(24), { name: 'Maria', isVip: true, vipLifetime: true });
const OTHER_ADMIN = row('c'.repeat(24), { role: 'admin', name: 'Boss' });
const SELF = row(ME, { role: 'admin', name: 'Me' });
const page = (data: StudioUserRow[], totalPages = 1) => ({ status: true, message: 'Users', data, pagination: { currentPage: 1, pageSize: 20, totalItems: data.length, totalPages } });

function renderUsers(role: 'admin' | 'editor' = 'admin') {
  vi.mocked(studio.fetchStudioUser).mockResolvedValue({ id: ME, email: 'me@kilig.demo', name: 'Me', role });
  const auth = { ...initialAuthState, status: 'loggedIn' as const, sessionStatus: 'succeeded' as const, user: { _id: ME, uid: 'fb', name: 'Me', email: 'me@kilig.demo', image: null, isAnonymous: false, isVip: false, coins: 0 } };
  return renderWithProviders(
    <StudioShell>
      <UsersPage />
    </StudioShell>,
    { pathname: '/studio/users', preloadedState: { auth } },
  );
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

beforeEach(() => {
  vi.mocked(api.fetchUsers).mockReset().mockResolvedValue(page([VIEWER, OTHER_ADMIN, SELF]));
  vi.mocked(api.setUserRole).mockReset();
  vi.mocked(api.setUserBlocked).mockReset();
});

describe('UsersPage', () => {
  it('lists accounts with role, VIP, coins; admins and oneself cannot be changed here', async () => {
    renderUsers();
    const maria = within(await rowOf('Maria'));
    expect(maria.getByText('VIP · lifetime')).toBeTruthy();
    expect(maria.getByText('1,200')).toBeTruthy();
    expect(maria.getByLabelText(`Role of ${VIEWER.email}`)).toBeTruthy();
    const boss = within(await rowOf('Boss'));
    expect(boss.queryByRole('combobox')).toBeNull();
    expect(boss.getByText(/npm run user:role/)).toBeTruthy();
    const me = within(await rowOf('Me'));
    expect(me.queryByRole('button', { name: /Block/ })).toBeNull();
    expect(me.getByText(/This is you/)).toBeTruthy();
    // The role menu offers no admin.
    expect(maria.getAllByRole('option').map((o) => o.textContent)).toEqual(['Viewer', 'Editor']);
  });

  it('searches with the filters, from page 1', async () => {
    renderUsers();
    await rowOf('Maria');
    fireEvent.change(screen.getByLabelText('E-mail, name or id'), { target: { value: ' maria ' } });
    fireEvent.change(screen.getByLabelText('Access'), { target: { value: 'true' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.fetchUsers).toHaveBeenLastCalledWith({ q: 'maria', role: undefined, blocked: 'true', page: 1, limit: 20 }));
  });

  it('blocks only after a confirming press, and shows the answer', async () => {
    vi.mocked(api.setUserBlocked).mockResolvedValue({ ...VIEWER, isBlocked: true });
    renderUsers();
    const maria = within(await rowOf('Maria'));
    fireEvent.click(maria.getByRole('button', { name: 'Block' }));
    expect(api.setUserBlocked).not.toHaveBeenCalled();
    fireEvent.click(maria.getByRole('button', { name: `Block ${VIEWER.email}` }));
    await waitFor(() => expect(api.setUserBlocked).toHaveBeenCalledWith(VIEWER.id, true));
    expect(await maria.findByText('Blocked')).toBeTruthy();
    expect(maria.getByRole('button', { name: 'Unblock' })).toBeTruthy();
  });

  it('changes the role to editor', async () => {
    vi.mocked(api.setUserRole).mockResolvedValue({ ...VIEWER, role: 'editor' });
    renderUsers();
    const maria = within(await rowOf('Maria'));
    fireEvent.change(maria.getByLabelText(`Role of ${VIEWER.email}`), { target: { value: 'editor' } });
    await waitFor(() => expect(api.setUserRole).toHaveBeenCalledWith(VIEWER.id, 'editor'));
    expect(await maria.findByText('Now an editor.')).toBeTruthy();
  });

  it('an editor is told the page is for admins, and nothing is fetched', async () => {
    renderUsers('editor');
    expect(await screen.findByText(/This part of the studio is for admins/)).toBeTruthy();
    expect(api.fetchUsers).not.toHaveBeenCalled();
  });
});
