import type { NextRequest } from 'next/server';
import { getDb } from '@/lib/server/db/client';
import { AppError } from '@/lib/server/http/app-error';
import { log } from '@/lib/server/log';
import { completeCheckout, findCheckout, sandboxWebhookUrl, SANDBOX, type SandboxCheckout } from '@/lib/server/payments/gateways/sandbox';
import { checkoutPage, closedPage, isCardCheckout, notFoundPage } from '@/lib/server/payments/gateways/sandbox-page';
import { activeGatewayName } from '@/lib/server/payments/registry';
import { wakeJobWorker } from '@/lib/server/jobs/wake';
import { requestOrigin } from '@/lib/server/payments/origin';
import { readRawBody } from '@/lib/server/payments/webhook';

export const dynamic = 'force-dynamic';

/**
 * GET|POST /pay/{checkoutId} – the sandbox gateway's hosted checkout page (docs/payments.md 'The sandbox gateway').
 * A route handler that writes its own HTML: it stands outside the site's layout (no header or footer), works without
 * JavaScript (the form posts back here with outcome=paid|failed), is never cached and never indexed. A declined card shows the reason with
 * the form again (the checkout stays open); a payment or 'Cancel payment' sends the browser to our return page (303)
 * and the signed webhook, to the configured origin, goes out through the job queue.
 */

type Ctx = { params: Promise<{ checkoutId: string }> };

function html(body: string, status = 200): Response {
  return new Response(body, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' },
  });
}

/** The return page's path: the sandbox lives on our own origin, so the redirect never leaves the site. */
function returnPath(c: SandboxCheckout): string {
  const u = new URL(c.returnUrl);
  return `${u.pathname}${u.search}`;
}

async function load(ctx: Ctx): Promise<SandboxCheckout | null> {
  // The sandbox serves only while it is the configured gateway (production refuses it).
  if (activeGatewayName() !== SANDBOX) return null;
  return findCheckout(await getDb(), (await ctx.params).checkoutId);
}

async function guarded(req: NextRequest, fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) return html(`<!doctype html><title>Error</title><p>${err.status === 413 ? 'Request too large.' : 'Bad request.'}</p>`, err.status);
    log.error('sandbox checkout failed', { path: req.nextUrl.pathname, err });
    return html('<!doctype html><title>Error</title><p>Something went wrong. Please try again.</p>', 500);
  }
}

export function GET(req: NextRequest, ctx: Ctx): Promise<Response> {
  return guarded(req, async () => {
    const checkout = await load(ctx);
    if (!checkout) return html(notFoundPage(), 404);
    if (checkout.status !== 'open') return html(closedPage(checkout, returnPath(checkout)));
    return html(await checkoutPage(checkout, req.nextUrl.pathname, new URL(req.nextUrl.pathname, requestOrigin(req)).toString()));
  });
}

export function POST(req: NextRequest, ctx: Ctx): Promise<Response> {
  return guarded(req, async () => {
    const checkout = await load(ctx);
    if (!checkout) return html(notFoundPage(), 404);
    const form = new URLSearchParams((await readRawBody(req, 4096)).toString('utf8'));
    const result = await completeCheckout(await getDb(), checkout, { outcome: form.get('outcome'), cardNumber: form.get('cardNumber') }, isCardCheckout(checkout), sandboxWebhookUrl());
    if (result.kind === 'invalid') {
      // A declined card (402) or a form to correct (422): the same open checkout, the form again with the reason.
      return html(await checkoutPage(checkout, req.nextUrl.pathname, new URL(req.nextUrl.pathname, requestOrigin(req)).toString(), result.message), result.declined ? 402 : 422);
    }
    if (result.kind === 'completed') wakeJobWorker();
    if (result.kind === 'closed' && result.checkout.status === 'expired') return html(closedPage(result.checkout, returnPath(result.checkout)), 410);
    // 303: the browser follows with a GET; a second submit of the same form lands here too and changes nothing.
    return new Response(null, { status: 303, headers: { location: returnPath(result.checkout), 'cache-control': 'no-store' } });
  });
}
