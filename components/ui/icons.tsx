import type { SVGProps } from 'react';

/**
 * Inline icons (no icon font, no network). Decorative by default: `aria-hidden`; give the surrounding
 * control an accessible name instead.
 */
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function base({ size = 20, ...rest }: IconProps): SVGProps<SVGSVGElement> {
  return { width: size, height: size, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false, ...rest };
}

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const SearchIcon = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </svg>
);

export const PlayIcon = (p: IconProps) => (
  <svg {...base(p)} fill="currentColor">
    <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.2-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
  </svg>
);

export const InfoIcon = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </svg>
);

export const ChevronLeftIcon = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <path d="m15 18-6-6 6-6" />
  </svg>
);

export const ChevronRightIcon = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <path d="m9 18 6-6-6-6" />
  </svg>
);

export const ChevronDownIcon = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <path d="m6 9 6 6 6-6" />
  </svg>
);

export const CloseIcon = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <path d="M18 6 6 18M6 6l12 12" />
  </svg>
);

export const CrownIcon = (p: IconProps) => (
  <svg {...base(p)} fill="currentColor">
    <path d="M3 7.5 7.5 11 12 4l4.5 7L21 7.5 19.2 18H4.8L3 7.5ZM5 19.5h14V21H5v-1.5Z" />
  </svg>
);

export const HeartIcon = (p: IconProps) => (
  <svg {...base(p)} fill="currentColor">
    <path d="M12 20.5s-7.5-4.4-9.3-9.1C1.5 8.2 3.4 5 6.6 5c2 0 3.3 1.1 4.1 2.3h2.6C14.1 6.1 15.4 5 17.4 5c3.2 0 5.1 3.2 3.9 6.4-1.8 4.7-9.3 9.1-9.3 9.1Z" />
  </svg>
);

export const CoinIcon = (p: IconProps) => (
  <svg {...base(p)} fill="none">
    <circle cx="12" cy="12" r="9" fill="currentColor" opacity="0.25" />
    <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="2" />
    <path d="M14.5 9.2c-.5-.8-1.4-1.2-2.5-1.2-1.5 0-2.6.8-2.6 2s1 1.6 2.6 2 2.6.8 2.6 2-1.1 2-2.6 2c-1.1 0-2-.4-2.5-1.2M12 6.5V8m0 8v1.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
  </svg>
);

export const UserIcon = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.2-4 4.3-6 8-6s6.8 2 8 6" />
  </svg>
);

export const LockIcon = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 1 1 8 0v3" />
  </svg>
);

export const FilmIcon = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <rect x="6" y="2.5" width="12" height="19" rx="2" />
    <path d="M6 7h12M6 17h12M10 10.2v3.6l3-1.8-3-1.8Z" />
  </svg>
);

export const ClockIcon = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </svg>
);

export const ListIcon = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <path d="M12 5v14M5 12h14" />
  </svg>
);

export const SparkIcon = (p: IconProps) => (
  <svg {...base(p)} fill="currentColor">
    <path d="M12 2.5c.5 3.9 2.1 6.5 6.5 7.5-4.4 1-6 3.6-6.5 7.5-.5-3.9-2.1-6.5-6.5-7.5 4.4-1 6-3.6 6.5-7.5ZM19 15.5c.2 1.6.9 2.6 2.5 3-1.6.4-2.3 1.4-2.5 3-.2-1.6-.9-2.6-2.5-3 1.6-.4 2.3-1.4 2.5-3Z" />
  </svg>
);

export const MailIcon = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m4 7 8 6 8-6" />
  </svg>
);

export const PinIcon = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <path d="M12 21s-6.5-5.7-6.5-11a6.5 6.5 0 0 1 13 0c0 5.3-6.5 11-6.5 11Z" />
    <circle cx="12" cy="10" r="2.3" />
  </svg>
);

/* Social marks, simplified. */
export const FacebookIcon = (p: IconProps) => (
  <svg {...base(p)} fill="currentColor">
    <path d="M13.6 21v-7.3h2.5l.4-3h-2.9V8.9c0-.9.3-1.5 1.5-1.5h1.5V4.8c-.3 0-1.2-.1-2.2-.1-2.2 0-3.7 1.3-3.7 3.8v2.2H8.2v3h2.5V21h2.9Z" />
  </svg>
);

export const InstagramIcon = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.2 6.8h.01" />
  </svg>
);

export const TikTokIcon = (p: IconProps) => (
  <svg {...base(p)} fill="currentColor">
    <path d="M16.2 3c.4 2.1 1.8 3.6 3.8 3.8v3.1a7.2 7.2 0 0 1-3.8-1.2v6.2A5.9 5.9 0 1 1 10.3 9h.6v3.2a2.8 2.8 0 1 0 2.2 2.7V3h3.1Z" />
  </svg>
);

export const YouTubeIcon = (p: IconProps) => (
  <svg {...base(p)} fill="currentColor">
    <path d="M21.6 7.6a2.6 2.6 0 0 0-1.8-1.9C18.2 5.3 12 5.3 12 5.3s-6.2 0-7.8.4a2.6 2.6 0 0 0-1.8 1.9C2 9.2 2 12 2 12s0 2.8.4 4.4a2.6 2.6 0 0 0 1.8 1.9c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.6 2.6 0 0 0 1.8-1.9c.4-1.6.4-4.4.4-4.4s0-2.8-.4-4.4ZM10 15V9l5.2 3L10 15Z" />
  </svg>
);

export const XIcon = (p: IconProps) => (
  <svg {...base(p)} fill="currentColor">
    <path d="M17.5 3h3.1l-6.8 7.8L21.8 21h-6.3l-4.9-6.4L5 21H1.9l7.3-8.4L1.5 3h6.4l4.4 5.9L17.5 3Zm-1.1 16.2h1.7L7 4.7H5.2l11.2 14.5Z" />
  </svg>
);

export const AppleIcon = (p: IconProps) => (
  <svg {...base(p)} fill="currentColor">
    <path d="M16.5 12.7c0-2.4 2-3.5 2.1-3.6a4.5 4.5 0 0 0-3.5-1.9c-1.5-.2-2.9.9-3.7.9-.7 0-1.9-.9-3.1-.8a4.6 4.6 0 0 0-3.9 2.4c-1.7 2.9-.4 7.2 1.2 9.5.8 1.2 1.7 2.4 3 2.4 1.2-.1 1.6-.8 3.1-.8 1.4 0 1.8.8 3.1.8 1.3 0 2.1-1.2 2.9-2.3.9-1.3 1.3-2.6 1.3-2.7-.1 0-2.5-1-2.5-3.9ZM14.1 5.6c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1.1.1 2.1-.6 2.8-1.4Z" />
  </svg>
);

export const GooglePlayIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M4.2 2.6 13.6 12l-9.4 9.4a1.5 1.5 0 0 1-.7-1.3V3.9c0-.6.3-1 .7-1.3Z" fill="#34d399" />
    <path d="m16.8 8.8-3.2 3.2-9.4-9.4c.4-.2 1-.2 1.5.1l11.1 6.1Z" fill="#60a5fa" />
    <path d="m16.8 15.2-11.1 6.1c-.5.3-1.1.3-1.5.1l9.4-9.4 3.2 3.2Z" fill="#f87171" />
    <path d="m20.3 10.7-3.5-1.9-3.2 3.2 3.2 3.2 3.5-1.9c1-.6 1-2 0-2.6Z" fill="#fbbf24" />
  </svg>
);

export const CheckIcon = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </svg>
);

export const ShareIcon = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <circle cx="18" cy="5.5" r="2.5" />
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="18.5" r="2.5" />
    <path d="m8.2 10.8 7.6-4.1M8.2 13.2l7.6 4.1" />
  </svg>
);

export const LinkIcon = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <path d="M10 13.5a4.5 4.5 0 0 0 6.4.4l3-3a4.5 4.5 0 0 0-6.4-6.4l-1.2 1.2" />
    <path d="M14 10.5a4.5 4.5 0 0 0-6.4-.4l-3 3a4.5 4.5 0 0 0 6.4 6.4l1.2-1.2" />
  </svg>
);

export const HeartOutlineIcon = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <path d="M12 20.5s-7.5-4.4-9.3-9.1C1.5 8.2 3.4 5 6.6 5c2 0 3.3 1.1 4.1 2.3h2.6C14.1 6.1 15.4 5 17.4 5c3.2 0 5.1 3.2 3.9 6.4-1.8 4.7-9.3 9.1-9.3 9.1Z" />
  </svg>
);

export const StarIcon = (p: IconProps & { filled?: boolean }) => {
  const { filled = true, ...rest } = p;
  return (
    <svg {...base(rest)} fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={filled ? 0 : 1.8} strokeLinejoin="round">
      <path d="m12 3.2 2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 17l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8L12 3.2Z" />
    </svg>
  );
};

export const HistoryIcon = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6" />
    <path d="M3.5 4.5V9H8M12 8v4.5l3 1.8" />
  </svg>
);

export const QrIcon = (p: IconProps) => (
  <svg {...base(p)} {...stroke}>
    <rect x="3.5" y="3.5" width="6" height="6" rx="1" />
    <rect x="14.5" y="3.5" width="6" height="6" rx="1" />
    <rect x="3.5" y="14.5" width="6" height="6" rx="1" />
    <path d="M14.5 14.5h2.5v2.5M20.5 14.5v.01M14.5 20.5h.01M17.5 20.5h3v-3" />
  </svg>
);
