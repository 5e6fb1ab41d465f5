import { afterEach, describe, expect, it } from 'vitest';
import { readPendingPayment, returnToOf, savePendingPayment } from './pending-payment';

/** Issue 20 item 9: a `returnTo` the URL parser reads as another host is never stored nor offered after paying. */
describe('pending payment returnTo', () => {
  afterEach(() => localStorage.clear());

  it.each(['/\t/evil.example', '/\n/evil.example/x', '/\\evil.example', '//evil.example', '/.//evil.example'])('drops %j when saving', (returnTo) => {
    savePendingPayment({ requestId: 'PAYMENT_1767225600000_save00000000000', kind: 'vip' }, 's1', 'http://localhost/pay/cs_x', { returnTo });
    expect(readPendingPayment()?.returnTo).toBeUndefined();
  });

  it('ignores a stored off-site returnTo written by anything else', () => {
    const requestId = 'PAYMENT_1767225600000_tab000000000000';
    localStorage.setItem('pendingPaymentData', JSON.stringify({ requestId, returnTo: '/\t/evil.example' }));
    expect(returnToOf(requestId)).toBeNull();
  });

  it('keeps our own path, normalised', () => {
    savePendingPayment({ requestId: 'PAYMENT_1767225600000_keep00000000000', kind: 'vip' }, 's1', 'http://localhost/pay/cs_x', { returnTo: '/episodes/episode-4-lihim-0123456789abcdef01234567' });
    expect(returnToOf('PAYMENT_1767225600000_keep00000000000')).toBe('/episodes/episode-4-lihim-0123456789abcdef01234567');
  });
});
