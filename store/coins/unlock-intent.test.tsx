import { beforeEach, describe, expect, it } from 'vitest';
import { forgetUnlockIntent, rememberUnlockIntent, UNLOCK_INTENT_TTL_MS, unlockIntentFor } from './unlock-intent';

/** The episode a top-up was started for (issue 20 item 6): one at a time, for one checkout's life, never junk. */
describe('unlock intent', () => {
  beforeEach(() => localStorage.clear());

  it('answers the intent for its own episode only, until forgotten', () => {
    rememberUnlockIntent('v1', 'PAYMENT_1', 1_000);
    expect(unlockIntentFor('v1', 2_000)).toEqual({ videoId: 'v1', requestId: 'PAYMENT_1', at: 1_000 });
    expect(unlockIntentFor('v2', 2_000)).toBeNull();
    // Another episode's question leaves it in place; a newer top-up replaces it.
    expect(unlockIntentFor('v1', 2_000)).not.toBeNull();
    rememberUnlockIntent('v2', 'PAYMENT_2', 3_000);
    expect(unlockIntentFor('v1', 3_000)).toBeNull();
    forgetUnlockIntent();
    expect(unlockIntentFor('v2', 3_000)).toBeNull();
  });

  it('drops a stale or malformed intent', () => {
    rememberUnlockIntent('v1', 'PAYMENT_1', 0);
    expect(unlockIntentFor('v1', UNLOCK_INTENT_TTL_MS)).not.toBeNull();
    expect(unlockIntentFor('v1', UNLOCK_INTENT_TTL_MS + 1)).toBeNull();
    expect(localStorage.getItem('unlockAfterTopUp')).toBeNull();
    for (const junk of ['{', '"v1"', '{"videoId":"v1","requestId":"x","at":"soon"}', '{"videoId":"v1","at":5}']) {
      localStorage.setItem('unlockAfterTopUp', junk);
      expect(unlockIntentFor('v1', 10)).toBeNull();
    }
  });
});
