import { z } from 'zod';
import { formatPesos } from '@/lib/format';
import { isId } from '@/lib/ids';
import type { Pagination } from '@/lib/contracts/receipts';
import type { StudioRole } from './auth';
import type { Envelope } from './envelope';

/**
 * The admin half of the studio (issue 13 item 2): VIP plans, coin plans, premium-video prices, users, the audit log.
 * The API takes money as integer centavos; the forms take pesos as typed and turn them into the same API bodies, so
 * a price is checked by one rule in the browser and on the server.
 */

/** ₱1.00: below it no Philippine gateway takes a payment (the schema's CHECK only says > 0). */
export const PRICE_MIN_CENTAVOS = 100;
/** ₱50,000 for a plan, ₱10,000 for one video: far above any real price, low enough to catch an extra zero or two. */
export const PLAN_PRICE_MAX_CENTAVOS = 5_000_000;
export const VIDEO_PRICE_MAX_CENTAVOS = 1_000_000;
export const VALIDITY_DAYS_MAX = 3660;
export const PLAN_COINS_MAX = 1_000_000;
export const SORT_ORDER_MAX = 100_000;
export const STUDIO_PAGE_SIZE = 20;

const id = z.string().trim().refine(isId, 'must be a 24-hex id');
export const idParamsSchema = z.object({ id });

const centavos = (max: number) =>
  z
    .number({ error: 'Enter a price.' })
    .int('Use whole centavos.')
    .min(PRICE_MIN_CENTAVOS, `The price must be at least ${formatPesos(PRICE_MIN_CENTAVOS)}.`)
    .max(max, `The price must be at most ${formatPesos(max)}.`);

/** 'weekly', 'monthly', 'lifetime', 'quarterly': a lower-case word the dialog shows capitalised; one plan per type. */
const subscriptionType = z
  .string({ error: 'Enter the plan type.' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9-]{1,29}$/, 'Use 2–30 letters, digits or dashes, starting with a letter (e.g. monthly).');
/** Days of VIP a purchase adds; null = lifetime. */
const validityDays = z
  .number({ error: 'Enter the number of days.' })
  .int('Use whole days.')
  .min(1, 'At least 1 day.')
  .max(VALIDITY_DAYS_MAX, `At most ${VALIDITY_DAYS_MAX} days; choose Lifetime for longer.`)
  .nullable();
const coins = z.number({ error: 'Enter the number of coins.' }).int('Use whole coins.').min(1, 'At least 1 coin.').max(PLAN_COINS_MAX, `At most ${PLAN_COINS_MAX.toLocaleString('en-PH')} coins.`);
const bonusCoins = z.number({ error: 'Enter the bonus coins (0 for none).' }).int('Use whole coins.').min(0, 'No negative bonus.').max(PLAN_COINS_MAX, `At most ${PLAN_COINS_MAX.toLocaleString('en-PH')} coins.`);
const isActive = z.boolean();
const sortOrder = z.number().int().min(0).max(SORT_ORDER_MAX);

const atLeastOne = (b: Record<string, unknown>) => Object.values(b).some((v) => v !== undefined);
const NOTHING_TO_CHANGE = 'Send at least one field to change.';

export const vipPlanCreateSchema = z.object({ subscriptionType, priceCentavos: centavos(PLAN_PRICE_MAX_CENTAVOS), validityDays, isActive: isActive.default(true) });
export const vipPlanUpdateSchema = z
  .object({ subscriptionType, priceCentavos: centavos(PLAN_PRICE_MAX_CENTAVOS), validityDays, isActive, sortOrder })
  .partial()
  .refine(atLeastOne, NOTHING_TO_CHANGE);
export type VipPlanCreateBody = z.infer<typeof vipPlanCreateSchema>;
export type VipPlanUpdateBody = z.infer<typeof vipPlanUpdateSchema>;

export const coinPlanCreateSchema = z.object({ coins, bonusCoins: bonusCoins.default(0), priceCentavos: centavos(PLAN_PRICE_MAX_CENTAVOS), isActive: isActive.default(true) });
export const coinPlanUpdateSchema = z
  .object({ coins, bonusCoins, priceCentavos: centavos(PLAN_PRICE_MAX_CENTAVOS), isActive, sortOrder })
  .partial()
  .refine(atLeastOne, NOTHING_TO_CHANGE);
export type CoinPlanCreateBody = z.infer<typeof coinPlanCreateSchema>;
export type CoinPlanUpdateBody = z.infer<typeof coinPlanUpdateSchema>;

export const premiumPriceCreateSchema = z.object({ videoId: id, priceCentavos: centavos(VIDEO_PRICE_MAX_CENTAVOS), isActive: isActive.default(true) });
export const premiumPriceUpdateSchema = z
  .object({ priceCentavos: centavos(VIDEO_PRICE_MAX_CENTAVOS), isActive })
  .partial()
  .refine(atLeastOne, NOTHING_TO_CHANGE);
export type PremiumPriceCreateBody = z.infer<typeof premiumPriceCreateSchema>;
export type PremiumPriceUpdateBody = z.infer<typeof premiumPriceUpdateSchema>;

/** A new display order: every plan of the kind, each once, first shown first. */
export const planOrderSchema = z.object({
  ids: z
    .array(id)
    .min(1)
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, 'Each plan may appear only once.'),
});

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(STUDIO_PAGE_SIZE);
const search = z.string().trim().max(200).optional();

export const premiumPriceListSchema = z.object({ q: search, page, limit });
export const premiumCandidatesSchema = z.object({ q: search });

export const ADMIN_ONLY_ROLE_MESSAGE = 'The admin role is granted only on the server, with `npm run user:role -- <email> admin`.';

export const userListSchema = z.object({
  q: search,
  role: z.enum(['viewer', 'editor', 'admin']).optional(),
  blocked: z.enum(['true', 'false']).optional(),
  page,
  limit,
});
export type UserListQuery = z.infer<typeof userListSchema>;

/** One change per call (one audit entry): the role, between viewer and editor only, or blocked. */
export const userUpdateSchema = z
  .object({
    role: z
      .enum(['viewer', 'editor', 'admin'], { error: 'The role must be viewer or editor.' })
      .refine((r) => r !== 'admin', ADMIN_ONLY_ROLE_MESSAGE)
      .optional(),
    isBlocked: z.boolean().optional(),
  })
  .refine((b) => (b.role === undefined) !== (b.isBlocked === undefined), 'Send either role or isBlocked.');
export type UserUpdateBody = z.infer<typeof userUpdateSchema>;

export const auditListSchema = z.object({
  entity: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z_]*$/, 'must be a lower-case entity name')
    .optional(),
  entityId: z.string().trim().max(64).optional(),
  /** An actor's user id, or (part of) their e-mail. */
  actor: z.string().trim().max(200).optional(),
  page,
  limit,
});
export type AuditListQuery = z.infer<typeof auditListSchema>;

// ---------------------------------------------------------------------------------------------------------------------
// Forms: what an admin types, turned into the API bodies above (the same rules, by field).

/** '149', '149.5', '₱1,499.00' → centavos; anything else is a field error. Integer arithmetic: no 0.1 + 0.2 drift. */
export function pesosToCentavos(input: string): number | null {
  const s = input.trim().replace(/^₱\s*/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** Centavos as the peso input shows them: 14900 → '149.00'. */
export const centavosToPesoInput = (c: number) => (c / 100).toFixed(2);

const pesoInput = (max: number) =>
  z
    .string()
    .transform((s, ctx) => {
      const c = pesosToCentavos(s);
      if (c === null) {
        ctx.addIssue({ code: 'custom', message: 'Enter a price in pesos, e.g. 149 or 149.50.' });
        return z.NEVER;
      }
      return c;
    })
    .pipe(centavos(max));

const wholeInput = <T extends z.ZodType<number, number>>(schema: T, message = 'Enter a whole number.') =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(schema);

export const vipPlanFormSchema = z.object({
  subscriptionType,
  price: pesoInput(PLAN_PRICE_MAX_CENTAVOS),
  /** null: lifetime (the form's checkbox). */
  validityDays: z.union([z.null(), wholeInput(validityDays.unwrap(), 'Enter the number of days.')]),
});
export type VipPlanForm = z.input<typeof vipPlanFormSchema>;

export const coinPlanFormSchema = z.object({
  coins: wholeInput(coins, 'Enter the number of coins.'),
  bonusCoins: wholeInput(bonusCoins, 'Enter the bonus coins (0 for none).'),
  price: pesoInput(PLAN_PRICE_MAX_CENTAVOS),
});
export type CoinPlanForm = z.input<typeof coinPlanFormSchema>;

export const premiumPriceFormSchema = z.object({ price: pesoInput(VIDEO_PRICE_MAX_CENTAVOS) });
export type PremiumPriceForm = z.input<typeof premiumPriceFormSchema>;

/** The first message per field of a failed parse, for `aria-invalid` / `aria-describedby` beside each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_');
    out[key] ??= issue.message;
  }
  return out;
}

/** A form's values as the API body, or its errors by field. */
export function parseForm<S extends z.ZodType>(schema: S, values: unknown): { ok: true; value: z.output<S> } | { ok: false; errors: Record<string, string> } {
  const r = schema.safeParse(values);
  return r.success ? { ok: true, value: r.data } : { ok: false, errors: fieldErrors(r.error) };
}

// ---- answers and bodies of the studio-admin calls (lib/api/studio-admin.ts) ----


/** How many payments name the plan (any status): such a plan is never deleted, and what it grants never changes. */
export type InUse = { paymentCount: number };

export type StudioVipPlan = InUse & {
  id: string;
  subscriptionType: string;
  priceCentavos: number;
  /** null = lifetime. */
  validityDays: number | null;
  isActive: boolean;
  sortOrder: number;
  updatedAt: string;
};

export type StudioCoinPlan = InUse & {
  id: string;
  coins: number;
  bonusCoins: number;
  priceCentavos: number;
  isActive: boolean;
  sortOrder: number;
  updatedAt: string;
};

export type StudioPremiumPrice = InUse & {
  id: string;
  videoId: string;
  priceCentavos: number;
  isActive: boolean;
  /** What the video is: 'Lihim ng Bilyonaryo · Episode 12', or the movie's name. */
  label: string;
  seriesId: string;
  seriesName: string;
  episodeNumber: number;
  updatedAt: string;
};

/** A premium video that has no price yet (one to pick when adding a price). */
export type PremiumCandidate = { videoId: string; label: string; seriesName: string; episodeNumber: number };

export type StudioUserRow = {
  id: string;
  email: string | null;
  name: string;
  role: 'viewer' | StudioRole;
  isBlocked: boolean;
  isAnonymous: boolean;
  isVip: boolean;
  vipExpiresAt: string | null;
  vipLifetime: boolean;
  coins: number;
  createdAt: string;
  lastLoginAt: string | null;
};

export type AuditEntry = {
  id: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
};

export type Paged<T> = Envelope<T[]> & { pagination: Pagination };

export type UserFilters = { q?: string; role?: StudioUserRow['role']; blocked?: 'true' | 'false'; page?: number; limit?: number };

export type AuditFilters = { entity?: string; entityId?: string; actor?: string; page?: number; limit?: number };
