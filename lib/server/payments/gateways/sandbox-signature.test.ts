import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../gateway';
import { signSandboxPayload, verifySandboxSignature } from './sandbox-signature';

const SECRET = 'test-webhook-secret-of-some-length';
const body = Buffer.from('{"id":"evt_1","type":"payment.paid","data":{"requestId":"PAYMENT_1_a","amount":29900,"currency":"PHP"}}');
const now = new Date('2026-01-01T00:00:00Z');
const t = Math.floor(now.getTime() / 1000);

const refused = (fn: () => void, why: RegExp) => {
  expect(fn).toThrow(WebhookSignatureError);
  expect(fn).toThrow(why);
};

describe('sandbox webhook signature (Kilig-Signature: t=…,v1=…)', () => {
  it('accepts its own signature over the exact bytes, at the edges of the 5-minute tolerance', () => {
    const header = signSandboxPayload(SECRET, body, t);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() => verifySandboxSignature(SECRET, body, header, now)).not.toThrow();
    expect(() => verifySandboxSignature(SECRET, body, header, new Date(now.getTime() + 300_000))).not.toThrow();
    expect(() => verifySandboxSignature(SECRET, body, header, new Date(now.getTime() - 300_000))).not.toThrow();
  });

  it('matches an HMAC computed independently (HMAC-SHA256 of "<t>.<body>", hex)', async () => {
    const { createHmac } = await import('node:crypto');
    const independent = createHmac('sha256', SECRET).update(`${t}.${body.toString('utf8')}`).digest('hex');
    expect(signSandboxPayload(SECRET, body, t)).toBe(`t=${t},v1=${independent}`);
  });

  it('refuses a stale or future timestamp, even with a correct HMAC', () => {
    const header = signSandboxPayload(SECRET, body, t);
    refused(() => verifySandboxSignature(SECRET, body, header, new Date(now.getTime() + 301_000)), /tolerance/);
    refused(() => verifySandboxSignature(SECRET, body, header, new Date(now.getTime() - 301_000)), /tolerance/);
  });

  it('refuses another secret, a changed byte of the body, a re-serialised body and a changed timestamp', () => {
    const header = signSandboxPayload(SECRET, body, t);
    refused(() => verifySandboxSignature('another-secret-of-some-length', body, header, now), /does not match/);
    const changed = Buffer.from(body);
    changed[changed.indexOf('2')] = '3'.charCodeAt(0); // 29900 → 39900
    refused(() => verifySandboxSignature(SECRET, changed, header, now), /does not match/);
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 1));
    refused(() => verifySandboxSignature(SECRET, reserialised, header, now), /does not match/);
    refused(() => verifySandboxSignature(SECRET, body, header.replace(`t=${t}`, `t=${t + 1}`), now), /does not match/);
  });

  it('refuses missing and malformed headers', () => {
    const v1 = signSandboxPayload(SECRET, body, t).split(',')[1];
    for (const header of [null, '', 'garbage', `t=${t}`, v1, `t=abc,${v1}`, `t=${t},t=${t},${v1}`, `t=${t},v1=xyz`, `t=${t},v0=${'a'.repeat(64)}`, 'x'.repeat(2000)]) {
      expect(() => verifySandboxSignature(SECRET, body, header, now), String(header)).toThrow(WebhookSignatureError);
    }
  });

  it('accepts any one of several v1 entries (secret rotation)', () => {
    const good = signSandboxPayload(SECRET, body, t).split(',')[1];
    const other = signSandboxPayload('old-secret-of-some-length-here', body, t).split(',')[1];
    expect(() => verifySandboxSignature(SECRET, body, `t=${t},${other},${good}`, now)).not.toThrow();
  });
});
