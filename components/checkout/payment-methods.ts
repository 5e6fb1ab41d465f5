import {
  CREDIT_CARD_METHODS,
  isPaymentMethod,
  PAYMENT_METHOD_NAMES,
  WALLET_METHODS,
  type PaymentMethodCode,
  type PaymentType,
} from '@/lib/constants';

/** The two payment types of the dialog's first step and their method codes (spec §2, §9). */

export type { PaymentMethodCode };

/** What buyers call a method (GCash, BDO credit card…): the names the checkout page and receipts use too. */
export const paymentMethodName = (code: string) => (isPaymentMethod(code) ? PAYMENT_METHOD_NAMES[code] : code);

/** Their words are the checkout namespace's `types.{type}` and `types.{type}Description`. */
export const PAYMENT_TYPES: { type: PaymentType; methods: readonly PaymentMethodCode[] }[] = [
  { type: 'creditcard', methods: CREDIT_CARD_METHODS },
  { type: 'wallet', methods: WALLET_METHODS },
];
