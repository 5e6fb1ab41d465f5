import 'server-only';
import { notFound } from 'next/navigation';
import { firstParam, type SearchParamValue } from '@/lib/search-params';
import { searchQuery } from '@/lib/contracts/catalog';
import { decodePathSegment, hasControlChar } from '@/lib/contracts/text';

/**
 * The API's input rules, for pages: what the route wrapper answers 400/422 for (control characters, malformed
 * percent-escapes, text past its schema's length) a page answers 404 for (Next lets a page set no other 4xx), before
 * anything reaches the database — where a NUL was a 500. Call them above any loading.tsx (in a page without one, or in
 * the segment's layout) so the 404 is the response's status, not a not-found page streamed with 200.
 */

/** Most characters a search keyword may have: the search API's own limit. */
const KEYWORD_MAX = searchQuery.shape.searchString.unwrap().maxLength ?? 200;

/** A text query parameter (first value, trimmed), or null when absent; 404 when it breaks the rules. */
export function pageQueryText(value: SearchParamValue, max: number = KEYWORD_MAX): string | null {
  for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) if (hasControlChar(v)) notFound();
  const text = firstParam(value);
  if (text !== null && text.length > max) notFound();
  return text;
}

/** A dynamic path segment, decoded; 404 when its escapes are malformed or it holds a control character. */
export function pagePathSegment(raw: string): string {
  const decoded = decodePathSegment(raw);
  if (decoded === null || hasControlChar(decoded) || hasControlChar(raw)) notFound();
  return decoded;
}
