import { describe, expect, it } from 'vitest';
import type { PaymentCheck } from '@/lib/contracts/subscription';
import {
  checkoutReducer,
  ERROR_CLEAR_MS,
  initialCheckout,
  isProcessing,
  kindOfCheck,
  outcomeOf,
  pollReducer,
  pollStarted,
  POLL_MAX_ERRORS,
  POLL_MAX_MS,
  returnPageView,
  type CheckoutAction,
  type CheckoutState,
  type PollState,
} from './flow';

type Plan = { _id: string };
const PLAN: Plan = { _id: 'plan-monthly' };
const run = (actions: CheckoutAction<Plan>[], from: CheckoutState<Plan> = initialCheckout<Plan>()) => actions.reduce(checkoutReducer<Plan>, from);
const toInfo: CheckoutAction<Plan>[] = [
  { type: 'itemChosen', item: PLAN, guest: false },
  { type: 'typeChosen', paymentType: 'wallet' },
  { type: 'methodChosen', method: 'gc' },
];

describe('checkout flow: the dialog', () => {
  it('goes product → type → method → information, remembering each choice', () => {
    const states = toInfo.reduce<CheckoutState<Plan>[]>((all, action) => [...all, checkoutReducer(all.at(-1)!, action)], [initialCheckout<Plan>()]);
    expect(states.map((s) => s.step)).toEqual(['product', 'type', 'method', 'info']);
    expect(states[3]).toMatchObject({ item: PLAN, paymentType: 'wallet', method: 'gc', payment: { phase: 'idle' }, error: null });
  });

  it('ignores a choice made on another step (a stale click)', () => {
    const atType = run([toInfo[0]]);
    expect(run([{ type: 'methodChosen', method: 'gc' }], atType)).toBe(atType);
    expect(run([{ type: 'payRequested', qr: false }], atType)).toBe(atType);
  });

  it('goes back one step at a time, and counts each return to the first step (focus goes back to the chosen item)', () => {
    const atInfo = run(toInfo);
    const steps = [1, 2, 3, 4].map((n) => run(Array(n).fill({ type: 'back' }), atInfo));
    expect(steps.map((s) => s.step)).toEqual(['method', 'type', 'product', 'product']);
    expect(steps.map((s) => s.backToProduct)).toEqual([0, 0, 1, 1]);
    expect(steps[2].item).toBe(PLAN);
    expect(run([toInfo[0], { type: 'back' }], steps[2]).backToProduct).toBe(2);
  });

  it('asks a guest to log in first and carries on with the chosen item once they have', () => {
    const waiting = run([{ type: 'itemChosen', item: PLAN, guest: true }]);
    expect(waiting).toMatchObject({ step: 'product', item: PLAN, waitingForLogin: true });
    expect(run([{ type: 'loggedIn' }], waiting)).toMatchObject({ step: 'type', item: PLAN, waitingForLogin: false });
    // A login nobody was waiting for moves nothing.
    const idle = initialCheckout<Plan>();
    expect(run([{ type: 'loggedIn' }], idle)).toBe(idle);
  });

  it('asks for one payment link at a time; the link leads to the gateway, plain or QR', () => {
    const paying = run([...toInfo, { type: 'payRequested', qr: true }]);
    expect(paying.payment).toEqual({ phase: 'paying', qr: true });
    expect(isProcessing(paying)).toBe(true);
    expect(run([{ type: 'payRequested', qr: false }], paying)).toBe(paying);
    expect(run([{ type: 'back' }], paying)).toBe(paying);
    const leaving = run([{ type: 'linkReady', url: 'http://localhost/pay/cs_1' }], paying);
    expect(leaving.payment).toEqual({ phase: 'redirecting', url: 'http://localhost/pay/cs_1', qr: true });
    expect(isProcessing(leaving)).toBe(true);
  });

  it('shows a failure on the form, clears it after 5 s, and a later failure is not cleared by the earlier timer', () => {
    expect(ERROR_CLEAR_MS).toBe(5000);
    const failed = run([...toInfo, { type: 'payRequested', qr: false }, { type: 'payFailed', message: 'Failed to generate payment link' }]);
    expect(failed).toMatchObject({ step: 'info', payment: { phase: 'idle' }, error: { message: 'Failed to generate payment link' } });
    const firstId = failed.error!.id;
    const again = run([{ type: 'payRequested', qr: false }, { type: 'payFailed', message: 'Failed to generate payment link' }], failed);
    expect(again.error!.id).not.toBe(firstId);
    expect(run([{ type: 'errorExpired', id: firstId }], again).error).not.toBeNull();
    expect(run([{ type: 'errorExpired', id: again.error!.id }], again).error).toBeNull();
  });

  it('a start that never left says nothing and lets the buyer try again', () => {
    const state = run([...toInfo, { type: 'payRequested', qr: false }, { type: 'payFailed', message: null }]);
    expect(state).toMatchObject({ payment: { phase: 'idle' }, error: null, step: 'info' });
  });
});

const check = (status: PaymentCheck['status'], extra: Partial<PaymentCheck> = {}): PaymentCheck => ({ requestId: 'PAYMENT_1767225600000_k3v9q2x7m1p4a8zd', status, ...extra });

describe('checkout flow: the return page', () => {
  it('polls with a growing wait (1 s, 1.5 s, 2.25 s … up to 8 s); the first check is the one that asks the gateway', () => {
    let state: PollState = pollStarted(0);
    expect(state).toMatchObject({ checks: 0, wait: 0 });
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      state = pollReducer(state, { type: 'answered', check: check('pending'), now: i * 1000 });
      if (state.phase !== 'checking') throw new Error(state.phase);
      waits.push(state.wait);
    }
    expect(waits).toEqual([1000, 1500, 2250, 3375, 5063, 7595, 8000, 8000]);
    expect(state).toMatchObject({ phase: 'checking', checks: 8 });
  });

  it('stops when the payment settles, and after two minutes of pending', () => {
    const settled = pollReducer(pollStarted(0), { type: 'answered', check: check('paid'), now: 10 });
    expect(settled).toEqual({ phase: 'settled', check: check('paid') });
    expect(pollReducer(settled, { type: 'failed', message: 'x', now: 20 })).toBe(settled);
    expect(pollReducer(pollStarted(0), { type: 'answered', check: check('pending'), now: POLL_MAX_MS })).toEqual({ phase: 'timeout' });
  });

  it(`stops after ${POLL_MAX_ERRORS} errors in a row; an answer in between starts the count again`, () => {
    const fail = (s: PollState) => pollReducer(s, { type: 'failed', message: 'Payment verification failed', now: 0 });
    const twice = fail(fail(pollStarted(0)));
    expect(twice.phase).toBe('checking');
    expect(fail(twice)).toEqual({ phase: 'error', message: 'Payment verification failed' });
    const reset = pollReducer(twice, { type: 'answered', check: check('pending'), now: 0 });
    expect(fail(fail(reset)).phase).toBe('checking');
  });

  it('names the outcome: refund, review, paid or not paid (failed, expired, cancelled), by kind', () => {
    expect(kindOfCheck({})).toBe('vip');
    expect(kindOfCheck({ kind: 'premium_video' })).toBe('premium');
    expect(kindOfCheck({ kind: 'coins' })).toBe('coins');
    expect(outcomeOf(check('refunded'))).toEqual({ view: 'refund', done: true });
    expect(outcomeOf(check('paid', { refund: { status: 'pending', reason: null, refundedAt: null } }))).toEqual({ view: 'refund', done: false });
    expect(outcomeOf(check('paid', { flagged: true }))).toEqual({ view: 'review' });
    expect(outcomeOf(check('paid', { kind: 'coins' }))).toEqual({ view: 'paid', kind: 'coins' });
    expect(outcomeOf(check('failed', { kind: 'premium_video' }))).toEqual({ view: 'unpaid', kind: 'premium', reason: 'failed' });
    expect(outcomeOf(check('expired'))).toEqual({ view: 'unpaid', kind: 'vip', reason: 'expired' });
    expect(outcomeOf(check('cancelled'))).toEqual({ view: 'unpaid', kind: 'vip', reason: 'cancelled' });
  });

  it('shows checking until mounted and the session is known, then no payment, log in, stalled or the outcome', () => {
    const base = { mounted: true, requestId: 'r1', hasUser: true, guest: false, sessionKnown: true, poll: pollStarted(0) };
    expect(returnPageView({ ...base, mounted: false }).view).toBe('checking');
    expect(returnPageView({ ...base, requestId: null }).view).toBe('noPayment');
    expect(returnPageView({ ...base, hasUser: false, sessionKnown: false }).view).toBe('checking');
    expect(returnPageView({ ...base, hasUser: false }).view).toBe('logIn');
    expect(returnPageView({ ...base, guest: true, sessionKnown: false }).view).toBe('logIn');
    expect(returnPageView(base).view).toBe('checking');
    expect(returnPageView({ ...base, poll: { phase: 'timeout' } })).toEqual({ view: 'stalled', requestId: 'r1', reason: 'timeout', message: null });
    expect(returnPageView({ ...base, poll: { phase: 'error', message: 'm' } })).toEqual({ view: 'stalled', requestId: 'r1', reason: 'error', message: 'm' });
    expect(returnPageView({ ...base, poll: { phase: 'settled', check: check('paid') } })).toMatchObject({ view: 'outcome', outcome: { view: 'paid', kind: 'vip' } });
  });
});
