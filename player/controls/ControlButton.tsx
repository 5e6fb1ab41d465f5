'use client';

import type { ReactNode } from 'react';

/**
 * The two looks of a control button: `bar` in the desktop control bar (flat, lit on hover), `round` over the video on
 * mobile (a dark disc that stays readable on any frame). A pressed toggle (subtitles on) is tinted in both.
 */
export type ButtonLook = 'bar' | 'round';

const LOOKS: Record<ButtonLook, string> = {
  bar: 'grid size-9 shrink-0 place-items-center rounded-full text-white transition hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white aria-pressed:text-kilig-300',
  round: 'grid size-10 place-items-center rounded-full bg-black/45 text-white backdrop-blur focus-visible:outline-2 focus-visible:outline-white aria-pressed:text-kilig-300',
};

type Props = {
  look: ButtonLook;
  /** The accessible name: the icon inside is decorative. */
  label: string;
  onClick: () => void;
  /** Only for toggles (subtitles): left out, the button is a plain action. */
  pressed?: boolean;
  testId?: string;
  children: ReactNode;
};

/** The one button every player control is drawn with. */
export function ControlButton({ look, label, onClick, pressed, testId, children }: Props) {
  return (
    <button type="button" className={LOOKS[look]} onClick={onClick} aria-pressed={pressed} aria-label={label} data-testid={testId}>
      {children}
    </button>
  );
}
