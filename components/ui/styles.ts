import clsx from 'clsx';

/** Shared class recipes, so links that look like buttons and real buttons stay identical. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'vip';

export function buttonClass(variant: ButtonVariant = 'primary', size: 'sm' | 'md' | 'lg' = 'md', extra?: string) {
  return clsx(
    'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition duration-200 disabled:cursor-not-allowed disabled:opacity-50 disabled:shadow-none aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
    size === 'sm' && 'h-9 px-4 text-sm',
    size === 'md' && 'h-11 px-5 text-sm',
    size === 'lg' && 'h-12 px-6 text-base',
    variant === 'primary' && 'bg-kilig-600 text-white shadow-glow hover:bg-kilig-500',
    variant === 'secondary' && 'border border-white/15 bg-white/10 text-fg backdrop-blur hover:bg-white/20',
    variant === 'ghost' && 'text-fg-muted hover:bg-white/10 hover:text-fg',
    variant === 'vip' && 'bg-gradient-to-r from-gold-300 to-gold-400 text-gold-900 hover:brightness-110',
    extra,
  );
}

export const containerClass = 'mx-auto w-full max-w-[1600px] px-4 md:px-8';
