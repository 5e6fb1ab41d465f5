/**
 * NUL and the other C0 controls except tab, LF and CR; DEL; and a lone UTF-16 surrogate. PostgreSQL refuses NUL in
 * text (a 500 before this rule) and a lone surrogate has no UTF-8 form; none belongs in an id, a name or a search.
 * The one rule for every string input: the API's route wrapper (lib/server/http/handler.ts) and the pages
 * (lib/server/http/page-input.ts) both apply it.
 */
export function hasControlChar(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return !s.isWellFormed();
}

/** A path segment as written in the URL, decoded; null when its percent-escapes are malformed (`%E0%A4%A`). */
export function decodePathSegment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}
