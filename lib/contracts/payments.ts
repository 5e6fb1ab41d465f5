import { z } from 'zod';
import { BILLING_MODE_DEFAULT } from '@/lib/constants';

const id = z.string().trim().min(1).max(64);
const optionalText = (max: number) => z.string().trim().max(max).nullish();

/**
 * The payment-info form (spec §3: fname, lname, email, phone, mobile, dob). Spec §5: first name, last name and e-mail
 * must be non-empty; the rest is optional; no format checks.
 */
export const userInfoSchema = z.object({
  fname: z.string().trim().min(1, 'First name is required').max(100),
  lname: z.string().trim().min(1, 'Last name is required').max(100),
  email: z.string().trim().min(1, 'E-mail is required').max(254),
  phone: optionalText(40),
  mobile: optionalText(40),
  dob: optionalText(40),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** Body of POST api/{gateway}/subscription/generate-payment-link and generate-qr-payment-link (spec §7). */
export const generatePaymentLinkSchema = z.object({
  vipPlanId: id,
  userId: z.string().max(64).optional(),
  /** One of the 23 method codes of spec §9, checked against the list by the domain (a clear 422 naming it). */
  paymentMethod: z.string().trim().min(1).max(40),
  userInfo: userInfoSchema,
  /** Passes do not renew by themselves: 'one_time' is the only mode. */
  billingMode: z.literal(BILLING_MODE_DEFAULT).default(BILLING_MODE_DEFAULT),
});
export type GeneratePaymentLinkBody = z.infer<typeof generatePaymentLinkSchema>;

/** Body of POST api/{gateway}/subscription/process-payment: linkId is the request id (or the gateway's reference). */
export const processPaymentSchema = z.object({ linkId: id, userId: z.string().max(64).optional(), vipPlanId: id.optional() });

export const checkPaymentQuerySchema = z.object({ requestId: id, userId: z.string().max(64).optional() });

/** Body of PATCH api/client/user/subscribe (spec §7: userId); requestId picks one payment when the client has it. */
export const subscribeSchema = z.object({ userId: z.string().max(64).optional(), requestId: id.optional() });

export const gatewayParamsSchema = z.object({ gateway: z.string().min(1).max(40) });

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  userId: z.string().max(64).optional(),
});
