import { describe, expect, it } from 'vitest';
import { coinPlanFormSchema, parseForm, pesosToCentavos, userUpdateSchema, vipPlanFormSchema } from './studio-admin';

describe('pesosToCentavos', () => {
  it('reads pesos as typed, in whole centavos', () => {
    expect(pesosToCentavos('149')).toBe(14900);
    expect(pesosToCentavos(' 149.5 ')).toBe(14950);
    expect(pesosToCentavos('0.29')).toBe(29);
    expect(pesosToCentavos('₱1,999.99')).toBe(199999);
    expect(pesosToCentavos('1,234,567')).toBe(123456700);
  });
  it('refuses what is not a peso amount', () => {
    for (const s of ['', '-1', '1.234', 'abc', '1e3', '1,23', '.5', '12.']) expect(pesosToCentavos(s), s).toBeNull();
  });
});

describe('admin forms', () => {
  it('turn a VIP plan form into the API body, errors by field', () => {
    expect(parseForm(vipPlanFormSchema, { subscriptionType: 'Monthly', price: '299', validityDays: '30' })).toEqual({ ok: true, value: { subscriptionType: 'monthly', price: 29900, validityDays: 30 } });
    expect(parseForm(vipPlanFormSchema, { subscriptionType: 'lifetime', price: '1999', validityDays: null })).toMatchObject({ ok: true, value: { validityDays: null } });
    const bad = parseForm(vipPlanFormSchema, { subscriptionType: '', price: '0.50', validityDays: '0' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(Object.keys(bad.errors).sort()).toEqual(['price', 'subscriptionType', 'validityDays']);
  });
  it('coin plans need whole coins and a bounded price', () => {
    expect(parseForm(coinPlanFormSchema, { coins: '300', bonusCoins: '30', price: '149' })).toEqual({ ok: true, value: { coins: 300, bonusCoins: 30, price: 14900 } });
    const bad = parseForm(coinPlanFormSchema, { coins: '1.5', bonusCoins: '-1', price: '60000' });
    expect(bad.ok ? [] : Object.keys(bad.errors).sort()).toEqual(['bonusCoins', 'coins', 'price']);
  });
  it('a role change never grants admin', () => {
    expect(userUpdateSchema.safeParse({ role: 'editor' }).success).toBe(true);
    const admin = userUpdateSchema.safeParse({ role: 'admin' });
    expect(admin.success).toBe(false);
    expect(admin.error?.issues[0].message).toMatch(/npm run user:role/);
  });
});
