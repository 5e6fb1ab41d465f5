'use client';

import { useTranslations } from 'next-intl';
import type { PaymentPhase } from '../flow';

/** The last step: the browser is leaving for the gateway's page (the card form, or the wallet's QR code). */
export function RedirectStatus({ payment }: { payment: PaymentPhase }) {
  const t = useTranslations('checkout.dialog');
  return payment.phase === 'redirecting' ? <p className="text-center text-sm text-fg-muted">{t('redirecting')}</p> : null;
}
