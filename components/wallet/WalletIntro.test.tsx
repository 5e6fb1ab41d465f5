import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { HowCoinsWork, WalletIntro } from './WalletIntro';

describe('wallet introduction', () => {
  it("keeps the spec's English heading", () => {
    renderWithProviders(<WalletIntro />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/^Your Wallet at /);
  });

  it('speaks Filipino on a Filipino page', () => {
    renderWithProviders(
      <>
        <WalletIntro />
        <HowCoinsWork />
      </>,
      { locale: 'fil' },
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/^Ang Wallet mo sa /);
    expect(screen.getByRole('heading', { name: 'Paano gumagana ang coins' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Isa-isang i-unlock ang episode', 'Panoorin ulit kahit kailan', 'O mag-VIP']);
  });
});
