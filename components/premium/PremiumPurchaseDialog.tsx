'use client';

import { useLocale, useTranslations } from 'next-intl';
import { formatPesos } from '@/lib/format';
import { CheckoutDialog } from '@/components/checkout/CheckoutDialog';
import { premiumCheckout } from '@/components/checkout/products/premium';
import { CheckIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';

/**
 * The purchase of one premium video: what it is and what it costs, then the one checkout. The pending payment, with
 * the page the buyer came from, is saved locally before the redirect.
 */
export function PremiumPurchaseDialog({ videoId, priceCentavos, title, onClose }: { videoId: string; priceCentavos: number; title: string | null; onClose: () => void }) {
  const t = useTranslations('premium.dialog');
  const price = formatPesos(priceCentavos, useLocale());
  return (
    <CheckoutDialog
      product={premiumCheckout}
      description={title ? `${title} · ${price}` : price}
      onClosed={onClose}
      firstStep={({ choose }) => (
        <div className="space-y-5">
          <div className="rounded-2xl border border-gold-400/30 bg-gold-900/30 px-4 py-4">
            <p className="text-sm text-fg-muted">{t('oneTime')}</p>
            <p className="mt-1 font-display text-3xl font-bold text-gold-200" data-testid="premium-price">
              {price}
            </p>
            <ul className="mt-3 space-y-1.5 text-sm">
              {(['yours', 'noSubscription', 'hd'] as const).map((line) => (
                <li key={line} className="flex items-center gap-2">
                  <CheckIcon size={16} className="shrink-0 text-gold-300" /> {t(line)}
                </li>
              ))}
            </ul>
          </div>
          <button type="button" className={buttonClass('vip', 'lg', 'w-full')} onClick={() => choose({ _id: videoId, priceCentavos, title })}>
            {t('continue', { price })}
          </button>
        </div>
      )}
    />
  );
}
