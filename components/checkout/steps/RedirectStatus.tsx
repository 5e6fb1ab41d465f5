import type { PaymentPhase } from '../flow';

/** The last step: the browser is leaving for the gateway's page (the card form, or the wallet's QR code). */
export function RedirectStatus({ payment }: { payment: PaymentPhase }) {
  return payment.phase === 'redirecting' ? <p className="text-center text-sm text-fg-muted">Processing... Taking you to the secure payment page.</p> : null;
}
