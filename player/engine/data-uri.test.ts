import { describe, expect, it } from 'vitest';
import { decodeDataUri } from './licence';

describe('data URI decoding (prefetched ClearKey licences)', () => {
  it('decodes base64 and percent-encoded payloads', () => {
    const json = '{"keys":[{"kty":"oct","kid":"a","k":"b"}]}';
    const b64 = decodeDataUri(`data:application/json;base64,${Buffer.from(json).toString('base64')}`);
    expect(b64.type).toBe('application/json');
    expect(new TextDecoder().decode(b64.bytes)).toBe(json);
    const plain = decodeDataUri('data:,hello%20world');
    expect(plain.type).toBe('text/plain');
    expect(new TextDecoder().decode(plain.bytes)).toBe('hello world');
    expect(() => decodeDataUri('https://example.com')).toThrow();
  });
});
