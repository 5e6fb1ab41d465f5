import { CREDIT_CARD_METHODS, WALLET_METHODS } from '@/lib/constants';
import type { PaymentType } from '@/lib/api/subscription';

/** The two payment types of the dialog's first step and their method codes (spec §2, §9). */

export type PaymentMethodCode = (typeof CREDIT_CARD_METHODS)[number] | (typeof WALLET_METHODS)[number];

/** What buyers call each method (the codes are the gateway's). */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethodCode, string> = {
  bdo_cc_ph: 'BDO credit card',
  metrobank_cc_ph: 'Metrobank credit card',
  ubp_ph: 'UnionBank card',
  rob_ph: 'Robinsons Bank card',
  maybank_cc_ph: 'Maybank credit card',
  paymaya_cc_ph: 'Maya credit card',
  gpap_cc_ph: 'GP Asia Pacific card',
  paytabs_cc_ph: 'PayTabs card',
  wdbank_de: 'WD Bank card (Germany)',
  sberbank_ru: 'Sberbank card (Russia)',
  integra_au: 'Integra card (Australia)',
  emp_bg: 'EMP card (Bulgaria)',
  icard_bg: 'iCard (Bulgaria)',
  pc21_cy: 'PC21 card (Cyprus)',
  gc: 'GCash',
  paymaya_ph: 'Maya',
  grabpay_ph: 'GrabPay',
  shopeepay_ph: 'ShopeePay',
  coins_ph: 'Coins.ph',
  homecredit_ph: 'Home Credit',
  paybiz_ph: 'PayBiz',
  wechat: 'WeChat Pay',
  alipay: 'Alipay',
};

export const paymentMethodName = (code: string) => PAYMENT_METHOD_NAMES[code as PaymentMethodCode] ?? code;

export const PAYMENT_TYPES: { type: PaymentType; label: string; description: string; methods: readonly PaymentMethodCode[] }[] = [
  { type: 'creditcard', label: 'Credit & Debit Cards', description: 'Visa, Mastercard and local bank cards', methods: CREDIT_CARD_METHODS },
  { type: 'wallet', label: 'Digital Wallets', description: 'GCash, Maya, GrabPay and more', methods: WALLET_METHODS },
];
