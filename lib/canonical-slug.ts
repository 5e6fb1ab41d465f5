/** Whether the `[slug]` of a request is the last segment of `canonicalPath` (both compared decoded). */
export function isCanonicalSlug(slug: string, canonicalPath: string): boolean {
  const last = canonicalPath.slice(canonicalPath.lastIndexOf('/') + 1);
  return decode(slug) === decode(last);
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
