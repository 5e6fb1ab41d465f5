/** Business constants and limits of spec §9, in one place. Player constants live in player/constants.ts. */

export const LOGIN_TYPE = { GOOGLE: 2, APPLE: 4, EMAIL: 5 } as const;
export const MOVIE_TYPE = { MOVIE: 1, SERIES: 2 } as const;

export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_MIN_CHARS = 3; // the panel shows results above 2 characters
export const SEARCH_DROPDOWN_MAX = 8;

export const HISTORY_POPUP_ENTRIES = 3;
export const WATCH_HISTORY_MAX = 20;
export const NARROW_SCREEN_MAX_PX = 768; // "under 769 px"

export const DETAIL_VIDEOS_LIMIT = 50;
export const DETAIL_COLLECTION_LIMIT = 21;
export const GENRE_GROUP_MOVIES = 10;
export const RELATED_ITEMS = 16;
export const RELATED_NAME_MAX = 20;
export const DESCRIPTION_PREVIEW = 100;

export const PREMIUM_PAGE_DEFAULT = 1;
export const PREMIUM_VIDEO_PAGE_SIZE = 10;
export const PREMIUM_PAYMENT_LIMIT = 20;
export const PAYMENT_ERROR_CLEAR_MS = 5000;
export const BILLING_MODE_DEFAULT = 'one_time';

export const MINIMUM_AGE = 18;
export const RIGHTS_RESERVED_YEAR = 2025;

export const TRAILER_MAX_WIDTH_PX = 400;

export const TAG_LABELS = [
  'Sexy', 'Erotic', 'Romantic', 'Action', 'Drama', 'Comedy', 'Thriller', 'Mystery', 'Adventure', 'Fantasy',
  'Horror', 'Romance', 'Passionate', 'Steamy', 'Intense', 'Suspenseful', 'Emotional', 'Wild', 'Hot',
] as const;

export const CREDIT_CARD_METHODS = [
  'bdo_cc_ph', 'metrobank_cc_ph', 'ubp_ph', 'rob_ph', 'maybank_cc_ph', 'paymaya_cc_ph', 'gpap_cc_ph',
  'paytabs_cc_ph', 'wdbank_de', 'sberbank_ru', 'integra_au', 'emp_bg', 'icard_bg', 'pc21_cy',
] as const;
export const WALLET_METHODS = [
  'gc', 'paymaya_ph', 'grabpay_ph', 'shopeepay_ph', 'coins_ph', 'homecredit_ph', 'paybiz_ph', 'wechat', 'alipay',
] as const;

/** react-hot-toast (spec §9): at most 20 at once; 4 s blank/error/custom, 2 s success, loading unlimited. */
export const TOAST_LIMIT = 20;
export const TOAST_DURATIONS = { blank: 4000, error: 4000, custom: 4000, success: 2000, loading: Infinity } as const;

export type CardMethod = (typeof CREDIT_CARD_METHODS)[number];
export type WalletMethod = (typeof WALLET_METHODS)[number];
/** One of the 23 payment method codes of spec §9. */
export type PaymentMethodCode = CardMethod | WalletMethod;
/** The two payment types of the subscription dialog's first step (spec §4). */
export type PaymentType = 'creditcard' | 'wallet';

export const PAYMENT_METHODS: readonly PaymentMethodCode[] = [...CREDIT_CARD_METHODS, ...WALLET_METHODS];

/** What a buyer reads for each method code (the checkout page, receipts, the dialog's method list). */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethodCode, string> = {
  bdo_cc_ph: 'BDO credit card',
  metrobank_cc_ph: 'Metrobank credit card',
  ubp_ph: 'UnionBank card',
  rob_ph: 'Robinsons Bank card',
  maybank_cc_ph: 'Maybank credit card',
  paymaya_cc_ph: 'Maya credit card',
  gpap_cc_ph: 'GPAP card',
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

export function isPaymentMethod(code: unknown): code is PaymentMethodCode {
  return typeof code === 'string' && Object.hasOwn(PAYMENT_METHOD_NAMES, code);
}

export function paymentTypeOf(code: PaymentMethodCode): PaymentType {
  return (CREDIT_CARD_METHODS as readonly string[]).includes(code) ? 'creditcard' : 'wallet';
}

/** Session identifier prefixes (spec §3): prefix_timestamp_random, made by `sessionIdentifier` in lib/ids.ts. */
export const SESSION_ID_PREFIXES = ['PAYMENT', 'PREMIUM', 'QR', 'SESSION'] as const;

/**
 * Coins (issue 11). One reference rate turns any coin amount into the pesos shown beside it ('Unlock for 15 coins
 * (₱7.35)', the wallet's peso values): the base coin plan, 100 coins for ₱49.00, without its bonus. The seed's first
 * coin plan is this rate (a unit test holds them together).
 */
export const COIN_PESO_RATE = { coins: 100, centavos: 4900 } as const;
/** Pesos (as centavos, rounded to the nearest centavo) that `coins` are worth at the reference rate. */
export const coinsToCentavos = (coins: number) => Math.round((coins * COIN_PESO_RATE.centavos) / COIN_PESO_RATE.coins);
/** 'Unlock all remaining' of a series: one atomic charge, this many percent off the sum of the locked episodes. */
export const UNLOCK_ALL_DISCOUNT_PERCENT = 10;
/** Auto-unlock of the next episode: off by default; when on, a daily cap (Asia/Manila days) enforced on the server. */
export const AUTO_UNLOCK_CAP_KINDS = ['episodes', 'coins'] as const;
export type AutoUnlockCapKind = (typeof AUTO_UNLOCK_CAP_KINDS)[number];
export const AUTO_UNLOCK_DEFAULT_CAP = { kind: 'episodes', value: 5 } as const;
export const AUTO_UNLOCK_CAP_MAX = { episodes: 100, coins: 10_000 } as const;
export const COIN_HISTORY_PAGE_SIZE = 20;
