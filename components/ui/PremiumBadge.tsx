import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { CrownIcon } from './icons';

export function PremiumBadge({ className }: { className?: string }) {
  const t = useTranslations('common');
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-md bg-gradient-to-r from-gold-300 to-gold-400 px-1.5 py-0.5 text-[10px] font-bold uppercase tracking-wider text-gold-900 shadow',
        className,
      )}
    >
      <CrownIcon size={11} />
      {t('premium')}
    </span>
  );
}
