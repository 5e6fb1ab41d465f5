import { describe, expect, it } from 'vitest';
import { looksLikeCertificate } from './fairplay';

describe('FairPlay certificate check', () => {
  it('accepts DER and PEM certificates only', () => {
    expect(looksLikeCertificate(new Uint8Array([0x30, 0x82, 0x04, 0x00]))).toBe(true);
    expect(looksLikeCertificate(new TextEncoder().encode('-----BEGIN CERTIFICATE-----\nMIIB'))).toBe(true);
    expect(looksLikeCertificate(new TextEncoder().encode('<!doctype html>'))).toBe(false);
    expect(looksLikeCertificate(new Uint8Array())).toBe(false);
  });
});
