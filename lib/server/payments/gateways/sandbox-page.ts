import 'server-only';
import QRCode from 'qrcode';
import { isPaymentMethod, PAYMENT_METHOD_NAMES, paymentTypeOf } from '@/lib/constants';
import { publicEnv } from '@/lib/env';
import { formatPesos } from '@/lib/format';
import { SANDBOX_TEST_CARDS, type SandboxCheckout } from './sandbox';

/**
 * The sandbox gateway's hosted checkout page: plain server-rendered HTML with a form that posts to its own URL, so
 * it works without JavaScript, as gateways' pages must. Outside the site's layout (a route handler, not a page):
 * its own header, no site header or footer.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef1f6;color:#1b2330}
.test{background:#ffb020;color:#2b1d00;text-align:center;font-size:13px;font-weight:600;padding:6px}
main{max-width:440px;margin:32px auto;padding:0 16px}
.card{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(20,30,60,.12);padding:24px}
header{display:flex;justify-content:space-between;align-items:center;margin-bottom:16px}
.merchant{font-weight:700;font-size:20px}.gw{font-size:12px;color:#5b6575}
dl{display:grid;grid-template-columns:auto minmax(0,1fr);gap:6px 16px;margin:0 0 20px}dt{color:#5b6575}dd{margin:0;text-align:right;font-weight:600;overflow-wrap:anywhere}
.amount{font-size:28px;font-weight:700;text-align:center;margin:8px 0 20px}
label{display:block;font-size:14px;color:#3b4555;margin-bottom:6px}
input{width:100%;padding:12px;border:1px solid #c9d0db;border-radius:8px;font-size:18px;letter-spacing:1px}
button{width:100%;padding:14px;border:0;border-radius:8px;font-size:16px;font-weight:600;cursor:pointer;margin-top:12px}
.pay{background:#0a63d8;color:#fff}.fail{background:#e9ecf1;color:#a01b1b}
.error{background:#fdecec;color:#8a1414;border-radius:8px;padding:10px 12px;margin-bottom:12px;font-size:14px}
.hint{font-size:13px;color:#5b6575;margin-top:16px}.hint code{background:#f1f3f7;padding:1px 4px;border-radius:4px}
.qr{display:flex;justify-content:center;margin:8px 0 12px}.qr svg{width:220px;height:220px}
.state{text-align:center}.state h1{font-size:22px}a.back{display:block;text-align:center;margin-top:16px;color:#0a63d8;font-weight:600}
`;

function shell(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex,nofollow"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><div class="test">SANDBOX · TEST MODE · no real money moves</div><main><div class="card">${body}</div></main></body></html>`;
}

const methodName = (code: string) => (isPaymentMethod(code) ? PAYMENT_METHOD_NAMES[code] : code);
export const isCardCheckout = (c: SandboxCheckout) => isPaymentMethod(c.paymentMethod) && paymentTypeOf(c.paymentMethod) === 'creditcard';

function summary(c: SandboxCheckout): string {
  const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;
  return `<header><div><div class="merchant">${escapeHtml(brand)}</div><div class="gw">Secure checkout · Sandbox Payments</div></div></header>
<div class="amount" data-testid="amount">${escapeHtml(formatPesos(c.amountCentavos))}</div>
<dl><dt>Merchant</dt><dd>${escapeHtml(brand)}</dd><dt>Item</dt><dd data-testid="item">${escapeHtml(c.description)}</dd>
<dt>Pay with</dt><dd data-testid="method">${escapeHtml(methodName(c.paymentMethod))}</dd><dt>Reference</dt><dd>${escapeHtml(c.requestId)}</dd></dl>`;
}

/** The open checkout: a card form or wallet buttons, and for QR checkouts a QR code of `checkoutUrl`. */
export async function checkoutPage(c: SandboxCheckout, action: string, checkoutUrl: string, error?: string): Promise<string> {
  const card = isCardCheckout(c);
  const qr = c.qr ? `<p class="hint" style="text-align:center">Scan with your phone to pay with ${escapeHtml(methodName(c.paymentMethod))}</p><div class="qr" data-testid="qr">${await QRCode.toString(checkoutUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })}</div>` : '';
  const err = error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : '';
  const form = card
    ? `<form method="post" action="${escapeHtml(action)}">${err}<label for="cardNumber">Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4343 4343 4343 4345" maxlength="23" required>
<button class="pay" name="outcome" value="paid" type="submit">Pay ${escapeHtml(formatPesos(c.amountCentavos))}</button></form>
<form method="post" action="${escapeHtml(action)}"><button class="fail" name="outcome" value="failed" type="submit">Cancel payment</button></form>
<div class="hint">Test cards: ${Object.entries(SANDBOX_TEST_CARDS).map(([n, t]) => `<code>${n.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> ${escapeHtml(t.label)}`).join('; ')}.</div>`
    : `<form method="post" action="${escapeHtml(action)}">${err}<p>Approve this payment in your ${escapeHtml(methodName(c.paymentMethod))} account.</p>
<button class="pay" name="outcome" value="paid" type="submit">Authorize</button>
<button class="fail" name="outcome" value="failed" type="submit">Fail</button></form>`;
  return shell(`Pay ${formatPesos(c.amountCentavos)} · ${publicEnv.NEXT_PUBLIC_BRAND_NAME}`, summary(c) + qr + form);
}

/** A checkout that is no longer open: its outcome and the way back to the merchant. */
export function closedPage(c: SandboxCheckout, returnPath: string): string {
  const text =
    c.status === 'paid'
      ? ['Payment received', 'Thank you. You can return to the merchant.']
      : c.status === 'failed'
        ? ['Payment failed', c.failureReason ?? 'The payment did not go through.']
        : c.status === 'cancelled'
          ? ['Checkout cancelled', 'The merchant closed this checkout (the order is no longer needed). Nothing was charged.']
          : c.status === 'refunded'
            ? ['Payment refunded', 'This payment was refunded to your payment method.']
            : ['Checkout expired', 'This checkout is no longer open. Start again from the merchant’s site.'];
  return shell(text[0], `${summary(c)}<div class="state"><h1>${escapeHtml(text[0])}</h1><p>${escapeHtml(text[1])}</p></div><a class="back" href="${escapeHtml(returnPath)}">Return to ${escapeHtml(publicEnv.NEXT_PUBLIC_BRAND_NAME)}</a>`);
}

export function notFoundPage(): string {
  return shell('Checkout not found', '<div class="state"><h1>Checkout not found</h1><p>This payment link is not valid.</p></div>');
}
