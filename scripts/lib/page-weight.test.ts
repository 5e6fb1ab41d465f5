import { describe, expect, it } from 'vitest';
import { pageWeight, payloadByKey, payloadRows, rscPayload } from './page-weight';

/** A page as Next writes it: markup, then the payload in push scripts (a JS string literal each, JSON-compatible). */
const push = (chunk: string) => `<script>self.__next_f.push(${JSON.stringify([1, chunk])})</script>`;
const payload =
  '0:{"P":null}\n' +
  '2:I[123,["x"],"PosterCard"]\n' +
  '1:["$","ul",null,{"className":"list","children":[["$","$L2",null,{"title":{"_id":"a","name":"Ana"}}],"Two"]}]\n' +
  '3:T6,héllo' +
  '4:["$","p",null,{"children":"end"}]\n';
const html = `<!DOCTYPE html><html><body><ul class="list"><li>Ana</li></ul><script>(self.__next_f=self.__next_f||[]).push([0])</script>${push(payload.slice(0, 40))}${push(payload.slice(40))}</body></html>`;

describe('page weight', () => {
  it('decodes the payload from its push scripts, in order', () => {
    const { text, scriptBytes } = rscPayload(html);
    expect(text).toBe(payload);
    expect(scriptBytes).toBe(Buffer.byteLength(push(payload.slice(0, 40)) + push(payload.slice(40))));
    const w = pageWeight(html);
    expect(w.html).toBe(Buffer.byteLength(html));
    expect(w.payload).toBe(Buffer.byteLength(payload));
    expect(w.gzip).toBeGreaterThan(0);
  });

  it('splits rows, reading a text row by its byte length (é is two bytes)', () => {
    expect(payloadRows(payload).map((r) => r.slice(0, r.indexOf(':')))).toEqual(['0', '2', '1', '3', '4']);
    expect(payloadRows(payload)[3]).toBe('3:T6,héllo');
  });

  it('charges each value to the element prop it sits under', () => {
    const byKey = new Map(payloadByKey(payload).map((k) => [k.key, k]));
    expect(byKey.get('title')).toMatchObject({ count: 2 }); // _id and name, under the client component's title prop
    expect(byKey.get('className')).toMatchObject({ count: 1 });
    expect(byKey.get('(text)')).toMatchObject({ count: 2 }); // "Two", "end"
    expect(byKey.get('(element)')).toMatchObject({ count: 3 });
    expect(byKey.get('(other rows)')).toMatchObject({ count: 1 }); // the module reference
    expect(byKey.get('(text row)')).toMatchObject({ count: 1 });
  });
});
