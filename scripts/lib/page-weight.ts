import { gzipSync } from 'node:zlib';

/**
 * What a page's HTML weighs and what its inline RSC payload is made of (`npm run bench:html`).
 *
 * The App Router sends a page twice: as HTML, and as the React Server Components payload the client hydrates and
 * navigates from, inline in `<script>self.__next_f.push([1,"…"])</script>` chunks. The payload holds every element a
 * server component rendered (tag, class names, text) and every prop passed to a client component, so a prop of whole
 * records costs its full JSON in every page that renders it. Pure functions: the same HTML gives the same figures.
 */

export type PageWeight = {
  html: number; // bytes of the HTML document
  gzip: number; // the same, gzipped at level 6 (what servers use)
  payloadScripts: number; // bytes of the `self.__next_f.push(…)` scripts as they stand in the HTML (escaped)
  payload: number; // bytes of the payload they carry, decoded
};

const PUSH = /<script>self\.__next_f\.push\((\[[\s\S]*?\])\)<\/script>/g;

/** The decoded RSC payload of a page: the strings its `self.__next_f.push([1, "…"])` scripts carry, in order. */
export function rscPayload(html: string): { scriptBytes: number; text: string } {
  let scriptBytes = 0;
  let text = '';
  for (const m of html.matchAll(PUSH)) {
    scriptBytes += Buffer.byteLength(m[0]);
    // [0] opens the stream, [1, "chunk"] carries text, [2, "base64"] binary chunks (none in our pages), [3, …] form state.
    const entry = JSON.parse(m[1]) as [number, string?];
    if (entry[0] === 1 && typeof entry[1] === 'string') text += entry[1];
  }
  return { scriptBytes, text };
}

export function pageWeight(html: string): PageWeight {
  const { scriptBytes, text } = rscPayload(html);
  return { html: Buffer.byteLength(html), gzip: gzipSync(html, { level: 6 }).length, payloadScripts: scriptBytes, payload: Buffer.byteLength(text) };
}

/** The payload's rows (`<hex id>:<row>`), read as React's Flight client reads them: text rows (`T<hex len>,`) by length. */
export function payloadRows(text: string): string[] {
  const rows: string[] = [];
  const bytes = Buffer.from(text);
  let at = 0;
  while (at < bytes.length) {
    const colon = bytes.indexOf(0x3a, at); // ':'
    if (colon < 0) break;
    if (bytes[colon + 1] === 0x54 /* T */) {
      const comma = bytes.indexOf(0x2c, colon); // ','
      const length = parseInt(bytes.subarray(colon + 2, comma).toString(), 16);
      rows.push(bytes.subarray(at, comma + 1 + length).toString());
      at = comma + 1 + length;
      continue;
    }
    let end = bytes.indexOf(0x0a, colon); // '\n'
    if (end < 0) end = bytes.length;
    rows.push(bytes.subarray(at, end).toString());
    at = end + 1;
  }
  return rows;
}

export type KeyWeight = { key: string; count: number; bytes: number };

/**
 * Where the payload's bytes go, by prop name: each string, number or boolean in a JSON row counts, with its key,
 * towards the element prop it sits under (so `className` gets every class list, `title` every card record given to a
 * client component, `messages` the whole message set). Children given as text count towards `(text)`, element types
 * and keys towards `(element)`, text rows (long strings React sends apart) towards `(text row)`, rows that are not JSON
 * (module references, hints) towards `(other rows)`. Sorted by bytes, largest first.
 */
export function payloadByKey(text: string): KeyWeight[] {
  const weights = new Map<string, KeyWeight>();
  const add = (key: string, bytes: number) => {
    const w = weights.get(key) ?? weights.set(key, { key, count: 0, bytes: 0 }).get(key)!;
    w.count += 1;
    w.bytes += bytes;
  };
  // `prop`: the element prop this value sits under; null outside any element (a row's framework data).
  const walk = (value: unknown, prop: string | null, key: string) => {
    if (Array.isArray(value)) {
      // A React element: ["$", type, key, props]; its type and key are framework bytes, its props are walked.
      if (value[0] === '$' && value.length >= 4 && typeof value[1] === 'string') {
        add('(element)', Buffer.byteLength(JSON.stringify(value.slice(0, 3))));
        if (value[3] && typeof value[3] === 'object') for (const [k, v] of Object.entries(value[3])) walk(v, k, k);
        return;
      }
      for (const item of value) walk(item, prop, key);
      return;
    }
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, prop, k);
      return;
    }
    const name = prop === 'children' ? '(text)' : (prop ?? '(framework)');
    add(name, Buffer.byteLength(key) + 3 + Buffer.byteLength(JSON.stringify(value) ?? ''));
  };
  for (const row of payloadRows(text)) {
    const body = row.slice(row.indexOf(':') + 1);
    if (body.startsWith('T')) {
      add('(text row)', Buffer.byteLength(row));
      continue;
    }
    try {
      walk(JSON.parse(body), null, '');
    } catch {
      add('(other rows)', Buffer.byteLength(row));
    }
  }
  return [...weights.values()].sort((a, b) => b.bytes - a.bytes);
}
