import 'server-only';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { isPaymentMethod, MOVIE_TYPE, type PaymentMethodCode } from '@/lib/constants';
import type { Db, DbOrTx, Tx } from '@/lib/server/db/client';
import { episodeUnlocks, movieSeries, payments, premiumPurchases, premiumVideoPrices, users, videos } from '@/lib/server/db/schema';
import { episodeVisible } from '@/lib/server/catalog/visibility';
import { canWatch, isVipActive, type Viewer } from '@/lib/server/entitlement/can-watch';
import { AppError } from '@/lib/server/http/app-error';
import { closeOpenCheckouts } from '@/lib/server/payments/checkouts';
import type { CheckoutSession, PaymentGateway } from '@/lib/server/payments/gateway';
import type { PaymentRow } from '@/lib/server/payments/fulfil-result';
import { settlingGateway } from '@/lib/server/payments/registry';
import { buyerOf, insertPendingPayment, openGatewayCheckout, pendingPaymentCommon, settlePayment, type StartCheckoutInput } from '@/lib/server/payments/service';
import type { requireUser } from '@/lib/server/users';
import type { PaymentSuccessBody, PremiumPaymentLinkBody } from '@/lib/contracts/premium';
import type { PremiumAccess, PremiumAccessDetails, PremiumInfo, PremiumLinkAnswer, PremiumPendingPaymentData, PremiumPurchase, PremiumPurchasesPage, PremiumVideo, PaymentSuccessAnswer } from '@/lib/contracts/premium';

/**
 * Premium videos (issue 11 item 4): one title or episode sold for pesos. The price comes from premium_video_prices
 * (active rows only); a checkout grants nothing; the purchase row is written by fulfilment in the transaction that
 * marks the payment paid; access is the one entitlement rule (`canWatch`), which counts premium_purchases.
 */

type UserRow = Awaited<ReturnType<typeof requireUser>>;

const viewerOf = (user: UserRow | null): Viewer =>
  user && !user.isAnonymous ? { id: user.id, vipExpiresAt: user.vipExpiresAt, vipLifetime: user.vipLifetime } : null;

type VideoRow = {
  priceId: string | null;
  priceCentavos: number | null;
  videoId: string;
  title: string | null;
  episodeNumber: number;
  isPremium: boolean;
  seriesId: string;
  seriesName: string;
  seriesSlug: string;
  seriesType: number;
};

/**
 * A video viewers may see (catalog/visibility.ts) and its active price (null when it is not sold). Unknown or hidden →
 * null. `anyState` drops the visibility rule for the one caller that reports on money already taken (a buyer returning
 * after paying for a video the studio has since hidden is told the truth about the purchase).
 */
async function videoWithPrice(db: DbOrTx, videoId: string, opts: { anyState?: boolean } = {}): Promise<VideoRow | null> {
  const [row] = await db
    .select({
      priceId: premiumVideoPrices.id,
      priceCentavos: premiumVideoPrices.priceCentavos,
      videoId: videos.id,
      title: videos.title,
      episodeNumber: videos.episodeNumber,
      isPremium: videos.isPremium,
      seriesId: movieSeries.id,
      seriesName: movieSeries.name,
      seriesSlug: movieSeries.slug,
      seriesType: movieSeries.type,
    })
    .from(videos)
    .innerJoin(movieSeries, eq(movieSeries.id, videos.movieSeriesId))
    .leftJoin(premiumVideoPrices, and(eq(premiumVideoPrices.videoId, videos.id), eq(premiumVideoPrices.isActive, true)))
    .where(opts.anyState ? eq(videos.id, videoId) : and(eq(videos.id, videoId), episodeVisible))
    .limit(1);
  return row ?? null;
}

/** What buyers read on the gateway's page and the receipt: the movie's name, or 'Series – Episode 3'. */
const itemName = (v: Pick<VideoRow, 'seriesName' | 'seriesType' | 'episodeNumber'>) =>
  v.seriesType === MOVIE_TYPE.MOVIE ? v.seriesName : `${v.seriesName} – Episode ${v.episodeNumber}`;

function toPremiumVideo(v: VideoRow & { priceId: string; priceCentavos: number }): PremiumVideo {
  return {
    _id: v.priceId,
    videoId: v.videoId,
    title: v.title ?? itemName(v),
    movieSeries: { _id: v.seriesId, name: v.seriesName, slug: v.seriesSlug },
    episodeNumber: v.episodeNumber,
    price: v.priceCentavos / 100,
    priceCentavos: v.priceCentavos,
    currency: 'PHP',
  };
}

async function soldVideo(db: DbOrTx, videoId: string): Promise<VideoRow & { priceId: string; priceCentavos: number }> {
  const v = await videoWithPrice(db, videoId);
  if (!v || v.priceId === null || v.priceCentavos === null) throw new AppError('E_NOT_FOUND', 'This video is not for sale.');
  return v as VideoRow & { priceId: string; priceCentavos: number };
}

/**
 * Whether the viewer may watch the video, by the one rule, and through what: their purchase first, then VIP, then a
 * coin unlock; a free or trailer episode is 'free'.
 */
async function accessOf(db: DbOrTx, user: UserRow | null, v: VideoRow): Promise<PremiumAccess> {
  const viewer = viewerOf(user);
  const hasAccess = await canWatch(db, viewer, { id: v.videoId, episodeNumber: v.episodeNumber, isPremium: v.isPremium });
  if (!hasAccess) return { hasAccess: false, accessDetails: null };
  const details = async (): Promise<PremiumAccessDetails> => {
    if (viewer) {
      const [bought] = await db
        .select({ createdAt: premiumPurchases.createdAt, paymentId: premiumPurchases.paymentId })
        .from(premiumPurchases)
        .where(and(eq(premiumPurchases.userId, viewer.id), eq(premiumPurchases.videoId, v.videoId)));
      if (bought) return { via: 'purchase', purchasedAt: bought.createdAt.toISOString(), paymentId: bought.paymentId };
    }
    if (v.episodeNumber === 0 || !v.isPremium) return { via: 'free', purchasedAt: null, paymentId: null };
    if (isVipActive(viewer)) return { via: 'vip', purchasedAt: null, paymentId: null };
    const [unlock] = viewer
      ? await db
          .select({ createdAt: episodeUnlocks.createdAt })
          .from(episodeUnlocks)
          .where(and(eq(episodeUnlocks.userId, viewer.id), eq(episodeUnlocks.videoId, v.videoId)))
      : [];
    return { via: 'coins', purchasedAt: unlock?.createdAt.toISOString() ?? null, paymentId: null };
  };
  return { hasAccess: true, accessDetails: await details() };
}

/** GET premiumVideo/{videoId}/info: the video on sale, and this viewer's access (guests: false). Not sold → 404. */
export async function premiumInfo(db: Db, user: UserRow | null, videoId: string): Promise<PremiumInfo> {
  const v = await soldVideo(db, videoId);
  const access = await accessOf(db, user, v);
  return { premiumVideo: toPremiumVideo(v), hasAccess: access.hasAccess, userAccess: access.accessDetails, accessDetails: access.accessDetails };
}

/** GET premiumVideo/{videoId}/access and premiumPayment/check-access: any published video; unknown → 404. */
export async function premiumAccess(db: Db, user: UserRow, videoId: string): Promise<PremiumAccess & { videoId: string }> {
  const v = await videoWithPrice(db, videoId);
  if (!v) throw new AppError('E_NOT_FOUND', 'Video not found.');
  return { videoId, ...(await accessOf(db, user, v)) };
}

/**
 * Opens a checkout for one premium video (generate-payment-link; with `qr` generate-qr-payment-link): the price from
 * our database, a pending payment of kind premium_video, the gateway's hosted page. Refused for guests (401), for a
 * video not for sale (404), and for a viewer who can already watch it (409). Grants nothing.
 */
export async function createPremiumCheckout(
  db: Db,
  user: UserRow,
  body: PremiumPaymentLinkBody,
  opts: { gateway: PaymentGateway; origin: string; returnPath: (requestId: string) => string; qr?: boolean },
): Promise<PremiumLinkAnswer> {
  if (user.isAnonymous) throw new AppError('E_UNAUTHENTICATED', 'Please login first');
  const method = body.paymentMethod;
  if (!isPaymentMethod(method)) throw new AppError('E_VALIDATION', `Unknown payment method: ${method.slice(0, 40)}`);
  const v = await soldVideo(db, body.videoId);
  const info = body.userInfo;
  const input: StartCheckoutInput = {
    gateway: opts.gateway,
    userId: user.id,
    kind: 'premium_video',
    videoId: v.videoId,
    amountCentavos: v.priceCentavos,
    description: itemName(v),
    paymentMethod: method,
    buyer: buyerOf(info),
    userInfo: info,
    billingMode: body.billingMode,
    returnUrl: (requestId) => new URL(opts.returnPath(requestId), opts.origin).toString(),
    qr: opts.qr,
    prefix: opts.qr ? 'QR' : 'PREMIUM',
  };
  // One open checkout per buyer and video, decided in a short transaction under a lock of (buyer, video): the open one
  // is answered, or a new pending row is written (the partial unique index payments_pending_premium_uq is the last line
  // behind the lock). The gateway is called after the commit, holding no connection.
  const decided = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`premium-checkout:${user.id}:${v.videoId}`}))`);
    if ((await accessOf(tx, user, v)).hasAccess) throw new AppError('E_CONFLICT', 'You already have access to this video.');
    const open = await openCheckoutOf(tx, user.id, v.videoId, opts.gateway.name);
    return open ? { open } : { created: await insertPendingPayment(tx, input) };
  });
  if (decided.created) {
    const { payment, session } = await openGatewayCheckout(db, decided.created, input);
    return premiumLinkAnswer(payment, session, opts.gateway, v, user.id);
  }
  const open = await untilOpened(db, decided.open);
  return premiumLinkAnswer(open, { checkoutUrl: open.paymentUrl!, providerRef: open.providerRef! }, opts.gateway, v, user.id);
}

/** How long a second request waits for the first one's gateway call to give its open checkout a page. */
const OPENING_WAIT_MS = 15_000;

/** The open checkout once its gateway page exists (a concurrent request may still be opening it). */
async function untilOpened(db: Db, payment: PaymentRow): Promise<PaymentRow> {
  const until = Date.now() + OPENING_WAIT_MS;
  let row = payment;
  while (!row.paymentUrl || !row.providerRef) {
    if (row.status !== 'pending' || Date.now() > until) throw new AppError('E_UNAVAILABLE', 'The payment provider is not answering. Please try again in a moment.');
    await new Promise((resolve) => setTimeout(resolve, 150));
    [row] = await db.select().from(payments).where(eq(payments.id, payment.id));
  }
  return row;
}

/**
 * The buyer's open checkout for this video at the active gateway, if one can still be paid (or is being opened right
 * now); one past its expiry or at another gateway is expired now (and its gateway told), so that a new one can open.
 */
async function openCheckoutOf(tx: Tx, userId: string, videoId: string, gatewayName: string): Promise<PaymentRow | null> {
  const [open] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.videoId, videoId), eq(payments.kind, 'premium_video'), eq(payments.status, 'pending')));
  if (!open) return null;
  // A row still without its page is being opened by another request, unless that request died (a minute with none).
  const opening = !open.paymentUrl && open.createdAt.getTime() > Date.now() - 60_000;
  const usable =
    open.provider === gatewayName && !open.flagReason && (open.paymentUrl ? true : opening) && (open.expiresAt === null || open.expiresAt.getTime() > Date.now() + 60_000);
  if (usable) return open;
  await closeOpenCheckouts(tx, { userId, kind: 'premium_video', videoIds: [videoId] }, 'expired', 'Not paid in time.');
  return null;
}

function premiumLinkAnswer(payment: PaymentRow, session: CheckoutSession, gateway: PaymentGateway, v: VideoRow, userId: string): PremiumLinkAnswer {
  const method = payment.paymentMethod as PaymentMethodCode;
  const pendingPaymentData: PremiumPendingPaymentData = {
    ...pendingPaymentCommon(payment, session, gateway, method),
    kind: 'premium_video',
    videoId: v.videoId,
    movieSeriesId: v.seriesId,
    title: itemName(v),
    userId,
    transactionId: payment.id,
    paymentId: payment.id,
  };
  const qr = payment.requestId?.startsWith('QR_');
  return {
    paymentUrl: session.checkoutUrl,
    paymentLink: session.checkoutUrl,
    pendingPaymentData,
    transactionId: payment.id,
    requestId: payment.requestId!,
    ...(session.qrData ? { qrData: session.qrData } : qr ? { qrData: session.checkoutUrl } : {}),
  };
}

type PurchaseRow = {
  id: string;
  videoId: string;
  paymentId: string | null;
  priceCentavos: number;
  createdAt: Date;
  title: string | null;
  episodeNumber: number;
  seriesId: string;
  seriesName: string;
  seriesSlug: string;
  seriesType: number;
  requestId: string | null;
  paymentMethod: string | null;
};

const toPurchase = (r: PurchaseRow): PremiumPurchase => ({
  _id: r.id,
  videoId: r.videoId,
  title: r.title ?? itemName(r),
  episodeNumber: r.episodeNumber,
  movieSeries: { _id: r.seriesId, name: r.seriesName, slug: r.seriesSlug },
  price: r.priceCentavos / 100,
  priceCentavos: r.priceCentavos,
  currency: 'PHP',
  paymentId: r.paymentId,
  requestId: r.requestId,
  paymentMethod: r.paymentMethod,
  purchasedAt: r.createdAt.toISOString(),
});

/** The user's premium purchases, newest first, with pagination {currentPage, pageSize, totalItems, totalPages}. */
export async function listPurchases(db: Db, user: UserRow, page: number, pageSize: number): Promise<PremiumPurchasesPage> {
  const mine = eq(premiumPurchases.userId, user.id);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: sql<number>`count(*)::int` }).from(premiumPurchases).where(mine),
    db
      .select({
        id: premiumPurchases.id,
        videoId: premiumPurchases.videoId,
        paymentId: premiumPurchases.paymentId,
        priceCentavos: premiumPurchases.priceCentavos,
        createdAt: premiumPurchases.createdAt,
        title: videos.title,
        episodeNumber: videos.episodeNumber,
        seriesId: movieSeries.id,
        seriesName: movieSeries.name,
        seriesSlug: movieSeries.slug,
        seriesType: movieSeries.type,
        requestId: payments.requestId,
        paymentMethod: payments.paymentMethod,
      })
      .from(premiumPurchases)
      .innerJoin(videos, eq(videos.id, premiumPurchases.videoId))
      .innerJoin(movieSeries, eq(movieSeries.id, videos.movieSeriesId))
      .leftJoin(payments, eq(payments.id, premiumPurchases.paymentId))
      .where(mine)
      .orderBy(desc(premiumPurchases.createdAt), desc(premiumPurchases.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return {
    data: rows.map(toPurchase),
    pagination: { currentPage: page, pageSize, totalItems: total, totalPages: Math.ceil(total / pageSize) },
  };
}

async function ownPremiumPayment(db: Db, user: UserRow, ref: string): Promise<PaymentRow | null> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, user.id), eq(payments.kind, 'premium_video'), or(eq(payments.requestId, ref), eq(payments.id, ref), eq(payments.mchOrderId, ref))))
    .limit(1);
  return payment ?? null;
}

const VERIFICATION_FAILED = 'Payment verification failed';

/**
 * POST premiumPayment/payment-success: the buyer is back. Confirms a paid premium payment of this user for this video
 * (marks it applied) and answers the access it gave. A payment still pending is asked about at its gateway and
 * settled through the one settle path (as a webhook would); the client's word itself grants nothing. Without a paid
 * payment → 409 'Payment verification failed'.
 */
export async function confirmPremiumPayment(db: Db, user: UserRow, body: PaymentSuccessBody): Promise<PaymentSuccessAnswer> {
  if (user.isAnonymous) throw new AppError('E_UNAUTHENTICATED', 'Please login first');
  const ref = (body.requestId ?? body.transactionId)!;
  let payment = await ownPremiumPayment(db, user, ref);
  if (!payment || payment.videoId !== body.videoId) throw new AppError('E_CONFLICT', VERIFICATION_FAILED);
  const gateway = settlingGateway(payment.provider);
  if (payment.status === 'pending' && !payment.flagReason && gateway && payment.providerRef) {
    const status = await gateway.fetchStatus(payment.providerRef).catch(() => 'pending' as const);
    if (status !== 'pending') await settlePayment(db, payment.id, status, { source: 'premium-payment-success' });
    payment = await ownPremiumPayment(db, user, ref);
  }
  if (!payment || payment.status !== 'paid') throw new AppError('E_CONFLICT', VERIFICATION_FAILED);
  const [applied] = await db
    .update(payments)
    .set({ appliedAt: new Date() })
    .where(and(eq(payments.id, payment.id), isNull(payments.appliedAt)))
    .returning({ appliedAt: payments.appliedAt });
  const v = await videoWithPrice(db, payment.videoId!, { anyState: true });
  const [fresh] = await db.select().from(users).where(eq(users.id, user.id));
  const access = v ? await accessOf(db, fresh ?? user, v) : { hasAccess: false, accessDetails: null };
  if (!access.hasAccess) throw new AppError('E_CONFLICT', VERIFICATION_FAILED);
  return {
    videoId: payment.videoId!,
    requestId: payment.requestId!,
    transactionId: payment.id,
    hasAccess: true,
    accessDetails: access.accessDetails,
    alreadyConfirmed: !applied,
    paidAt: payment.paidAt?.toISOString() ?? null,
    amount: payment.amountCentavos / 100,
    amountCentavos: payment.amountCentavos,
  };
}
