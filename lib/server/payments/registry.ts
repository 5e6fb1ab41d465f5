import 'server-only';
import { serverEnv } from '@/lib/env';
import { AppError } from '@/lib/server/http/app-error';
import { log } from '@/lib/server/log';
import type { PaymentGateway } from './gateway';
import { createPayMongoGateway } from './gateways/paymongo';
import { sandboxGateway } from './gateways/sandbox';

/**
 * Gateway adapters by name (`{gateway}` in the spec's subscription paths, `{provider}` in webhook paths). A real
 * gateway plugs in with one line here: a factory that builds its adapter from its settings and answers null when they
 * are missing. PAYMENT_GATEWAY picks the one new checkouts use.
 */
const GATEWAYS: Record<string, () => PaymentGateway | null> = {
  sandbox: () => sandboxGateway,
  paymongo: () => {
    const e = serverEnv();
    return e.PAYMONGO_SECRET_KEY && e.PAYMONGO_WEBHOOK_SECRET
      ? createPayMongoGateway({ secretKey: e.PAYMONGO_SECRET_KEY, webhookSecret: e.PAYMONGO_WEBHOOK_SECRET })
      : null;
  },
};

const built = new Map<string, PaymentGateway | null>();

/** The adapter of a registered name (built once), null when the name is unknown; throws when it is not configured. */
function adapter(name: string): PaymentGateway | null {
  if (!Object.hasOwn(GATEWAYS, name)) return null;
  if (!built.has(name)) built.set(name, GATEWAYS[name]());
  const gateway = built.get(name) ?? null;
  if (!gateway) {
    log.error('payment gateway is not configured', { gateway: name });
    throw new AppError('E_UNAVAILABLE', 'Payments are not available right now. Please try again later.');
  }
  return gateway;
}

export const activeGatewayName = (): string => serverEnv().PAYMENT_GATEWAY;

/**
 * The adapter new checkouts may go through: only the configured one. A production site must not accept
 * `/api/sandbox/…` (the sandbox approves anything), so naming another registered gateway is refused like an unknown one.
 */
export function checkoutGateway(name: string): PaymentGateway {
  const gateway = name === activeGatewayName() ? adapter(name) : null;
  if (!gateway) throw new AppError('E_NOT_FOUND', `Unknown payment gateway: ${name.slice(0, 40)}`);
  return gateway;
}

/**
 * An adapter whose webhooks and statuses we still listen to: the configured one, and any registered real gateway
 * (payments made before a switch still settle). The sandbox only while it is the configured one.
 */
export function settlingGateway(name: string): PaymentGateway | null {
  if (name === 'sandbox' && name !== activeGatewayName()) return null;
  return adapter(name);
}
