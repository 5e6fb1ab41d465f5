import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { PLAYBACK_ERROR_DESKTOP, PLAYBACK_ERROR_MOBILE, PLAYBACK_ERROR_TITLE, PlaybackErrorPanel } from './PlaybackErrorPanel';

describe('PlaybackErrorPanel', () => {
  it("in English: the spec's texts (spec §8)", () => {
    const { unmount } = renderWithProviders(<PlaybackErrorPanel isMobile />);
    expect(screen.getByRole('alert').textContent).toBe(`${PLAYBACK_ERROR_TITLE}${PLAYBACK_ERROR_MOBILE}Retry`);
    unmount();
    renderWithProviders(<PlaybackErrorPanel isMobile={false} />);
    expect(screen.getByRole('alert').textContent).toContain(PLAYBACK_ERROR_DESKTOP);
  });

  it('in Filipino', () => {
    renderWithProviders(<PlaybackErrorPanel isMobile={false} />, { locale: 'fil' });
    expect(screen.getByText('Hindi ma-play ang video')).toBeTruthy();
    expect(screen.getByText('Nagka-error habang pine-play ang video. Paki-refresh ang page.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subukan ulit' })).toBeTruthy();
  });
});
