// @vitest-environment jsdom
import toast from 'react-hot-toast/headless';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_FORM_MESSAGES } from '@/lib/contracts/auth-forms';
import { INVALID_CREDENTIALS, INVALID_EMAIL, LOGIN_FAILED, SIGNUP_FAILED } from '@/lib/identity/messages';
import { GENERIC_ERROR, MISSING_API_KEY_MESSAGE, NO_RESPONSE_ERROR } from '@/lib/api/errors';
import { translateText } from '@/lib/message-text';
import enToasts from '@/messages/en/toasts.json';
import { AUTH_MESSAGES } from '@/store/auth/slice';
import { COIN_MESSAGES } from '@/store/coins/slice';
import { PAYMENT_MESSAGES } from '@/store/subscription/slice';
import { PREMIUM_MESSAGES } from '@/store/premium/slice';
import { LOGIN_FIRST, RATING_FAILED } from '@/store/movies/slice';
import { loadToastTexts, notify } from './toast';

type Tree = { [key: string]: string | Tree };
const values = (tree: Tree): string[] => Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : values(v)));

afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.lang = '';
});

// The toasts' texts load with the first toast in the browser; loaded before these tests read toasts synchronously.
beforeAll(() => loadToastTexts());

describe("the store's toasts", () => {
  it('every English text the client keeps (spec §8, the stores) has a Filipino one', () => {
    const texts = [
      ...Object.values(AUTH_FORM_MESSAGES),
      ...[INVALID_CREDENTIALS, INVALID_EMAIL, LOGIN_FAILED, SIGNUP_FAILED, GENERIC_ERROR, MISSING_API_KEY_MESSAGE, NO_RESPONSE_ERROR],
      ...Object.values(AUTH_MESSAGES),
      ...Object.values(COIN_MESSAGES),
      ...Object.values(PAYMENT_MESSAGES),
      ...Object.values(PREMIUM_MESSAGES),
      LOGIN_FIRST,
      RATING_FAILED,
    ];
    // Success toasts are shown by their key (toasts namespace); the rest are known by their words.
    const toasts = new Set(values(enToasts));
    const untranslated = texts.filter((text) => !toasts.has(text) && translateText('fil', text) === text);
    expect(untranslated).toEqual([]);
  });


  it("speak the page's language (<html lang>)", () => {
    const error = vi.spyOn(toast, 'error');
    const success = vi.spyOn(toast, 'success');
    notify.success({ key: 'coins.unlocked' });
    notify.error({ text: 'Please login first' });
    document.documentElement.lang = 'fil';
    notify.success({ key: 'coins.unlocked' });
    notify.error({ text: 'Please login first' });
    notify.error({ text: 'Not enough coins: this episode costs 10 coins and you have 4.', code: 'E_INSUFFICIENT_COINS' });
    expect(success.mock.calls).toEqual([['Successfully unlocked!'], ['Na-unlock na!']]);
    expect(error.mock.calls).toEqual([['Please login first'], ['Mag-log in muna'], ['Kulang ang coins mo. Mag-top up para ma-unlock ito.']]);
  });

  it('load their texts with the first toast: toasts asked for before that show once they are in, in order', async () => {
    vi.resetModules();
    const fresh = await import('./toast');
    const hot = (await import('react-hot-toast/headless')).default;
    const error = vi.spyOn(hot, 'error');
    const success = vi.spyOn(hot, 'success');
    fresh.notify.error({ text: 'Please login first' });
    fresh.notify.success({ key: 'coins.unlocked' });
    expect(error).not.toHaveBeenCalled();
    expect(success).not.toHaveBeenCalled();
    await fresh.loadToastTexts();
    expect(error.mock.calls).toEqual([['Please login first']]);
    expect(success.mock.calls).toEqual([['Successfully unlocked!']]);
    expect(error.mock.invocationCallOrder[0]).toBeLessThan(success.mock.invocationCallOrder[0]);
    // Once in, a toast shows at once.
    fresh.notify.success({ key: 'coins.unlocked' });
    expect(success).toHaveBeenCalledTimes(2);
  });
});
