import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Taxonomy } from '@/lib/contracts/studio-titles';
import { renderWithProviders } from '@/tests/fixtures/render';
import { TitleForm } from './TitleForm';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('@/lib/api/studio-titles', async (importOriginal) => ({ ...(await importOriginal<object>()), uploadImage: vi.fn() }));
const { uploadImage } = await import('@/lib/api/studio-titles');

const id = (n: number) => n.toString(16).padStart(24, '0');
const taxonomy: Taxonomy = {
  genres: [
    { id: id(1), name: 'Romance' },
    { id: id(2), name: 'Drama' },
  ],
  tags: [{ id: id(3), name: 'Kilig' }],
  artists: [{ id: id(4), name: 'Bea Santillan' }],
};

/** The error shown for an input: the element its aria-describedby names. */
const errorOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

describe('TitleForm', () => {
  it('shows the schema’s errors by field and sends nothing', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<TitleForm taxonomy={taxonomy} onSubmit={onSubmit} />);
    const year = screen.getByLabelText('Release year');
    fireEvent.change(year, { target: { value: '1800' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(name)).toBe('Enter a name');
    expect(year.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(year)).toMatch(/1900/);
    expect(screen.getByLabelText('Description').getAttribute('aria-invalid')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();

    // Typing clears that field's error.
    fireEvent.change(name, { target: { value: 'Bagong Kuwento' } });
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it('sends the checked values, and maps the server’s validation message back to its field', async () => {
    const onSubmit = vi.fn().mockRejectedValueOnce({
      isAxiosError: true,
      response: { status: 422, data: { status: false, code: 'E_VALIDATION', message: 'Invalid body: genreIds: some of the chosen items do not exist' } },
    });
    renderWithProviders(<TitleForm taxonomy={taxonomy} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Ulan sa Maynila ' } });
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'movie' } });
    fireEvent.click(screen.getByLabelText('Drama'));
    fireEvent.click(screen.getByLabelText('Kilig'));
    fireEvent.click(screen.getByLabelText('Premium title (VIP)'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ name: '  Ulan sa Maynila ', type: 'movie', genreIds: [id(2)], tagIds: [id(3)], artistIds: [], isPremium: true });
    const genres = screen.getByRole('group', { name: 'Genres' });
    await waitFor(() => expect(genres.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(genres)).toBe('some of the chosen items do not exist');
  });
  it('waits for a banner still uploading: Save is disabled and says so, then saves the banner with the title', async () => {
    const user = userEvent.setup();
    let finish!: (image: { path: string; url: string }) => void;
    vi.mocked(uploadImage).mockImplementation(() => new Promise((resolve) => (finish = resolve as typeof finish)));
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<TitleForm taxonomy={taxonomy} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ulan sa Maynila' } });
    await user.upload(screen.getByLabelText('Banner (16:9)'), new File(['png'], 'banner.png', { type: 'image/png' }));

    const save = screen.getByRole('button', { name: 'Uploading banner…' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(screen.getByRole('form', { name: 'Title details' })); // Enter in a field, or a click that raced the upload
    expect(onSubmit).not.toHaveBeenCalled();

    await act(async () => finish({ path: 'images/0123456789abcdef/banner.webp', url: '/media/images/0123456789abcdef/banner.webp' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ name: 'Ulan sa Maynila', banner: 'images/0123456789abcdef/banner.webp' });
  });
});
