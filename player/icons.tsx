import type { SVGProps } from 'react';

/** Player icons, decorative (`aria-hidden`): the surrounding control carries the accessible name. */
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function base({ size = 20, ...rest }: IconProps): SVGProps<SVGSVGElement> {
  return { width: size, height: size, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false, ...rest };
}

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const PlayGlyph = (p: IconProps) => (
  <svg {...base(p)} fill="currentColor">
    <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.2-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
  </svg>
);

export const PauseGlyph = (p: IconProps) => (
  <svg {...base(p)} fill="currentColor">
    <rect x="6" y="5" width="4" height="14" rx="1" />
    <rect x="14" y="5" width="4" height="14" rx="1" />
  </svg>
);

export const VolumeGlyph = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <path d="M11 5 6 9H3v6h3l5 4V5Z" />
    <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />
  </svg>
);

export const MutedGlyph = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <path d="M11 5 6 9H3v6h3l5 4V5Z" />
    <path d="m16 9 5 5M21 9l-5 5" />
  </svg>
);

export const CaptionsGlyph = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M10 10.5a2 2 0 1 0 0 3M17 10.5a2 2 0 1 0 0 3" />
  </svg>
);

export const FullscreenGlyph = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </svg>
);

export const ExitFullscreenGlyph = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
  </svg>
);

export const SkipBackGlyph = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
    <path d="M3 3v5h5" />
    <text x="12" y="15.5" textAnchor="middle" fontSize="7" fontWeight="700" fill="currentColor" stroke="none">
      10
    </text>
  </svg>
);

export const SkipForwardGlyph = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <path d="M21 12a9 9 0 1 1-3-6.7L21 8" />
    <path d="M21 3v5h-5" />
    <text x="12" y="15.5" textAnchor="middle" fontSize="7" fontWeight="700" fill="currentColor" stroke="none">
      10
    </text>
  </svg>
);

export const ChevronDownGlyph = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <path d="m6 9 6 6 6-6" />
  </svg>
);
