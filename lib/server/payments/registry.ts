import 'server-only';
import { serverEnv } from '@/lib/env';
import { AppError } from '@/lib/server/http/app-error';
import type { PaymentGateway } from './gateway';
import { sandboxGateway } from './gateways/sandbox';

/**
 * Gateway adapters by name (`{gateway}` in the spec's subscription paths, `{provider}` in webhook paths). A real
 * gateway plugs in with one line here plus its adapter file; PAYMENT_GATEWAY picks the one new checkouts use.
 */
const GATEWAYS: Record<string, PaymentGateway> = {
  sandbox: sandboxGateway,
};

export const activeGatewayName = (): string => serverEnv().PAYMENT_GATEWAY;

/**
 * The adapter new checkouts may go through: only the configured one. A production site must not accept
 * `/api/sandbox/…` (the sandbox approves anything), so naming another registered gateway is refused like an unknown one.
 */
export function checkoutGateway(name: string): PaymentGateway {
  const gateway = Object.hasOwn(GATEWAYS, name) ? GATEWAYS[name] : undefined;
  if (!gateway || name !== activeGatewayName()) throw new AppError('E_NOT_FOUND', `Unknown payment gateway: ${name.slice(0, 40)}`);
  return gateway;
}

/**
 * An adapter whose webhooks and statuses we still listen to: the configured one, and any registered real gateway
 * (payments made before a switch still settle). The sandbox only while it is the configured one.
 */
export function settlingGateway(name: string): PaymentGateway | null {
  const gateway = Object.hasOwn(GATEWAYS, name) ? GATEWAYS[name] : undefined;
  if (!gateway) return null;
  return name === activeGatewayName() || name !== 'sandbox' ? gateway : null;
}
