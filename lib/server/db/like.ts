import 'server-only';

/** A LIKE/ILIKE pattern matching `q` anywhere: `%`, `_` and `\` typed into a search are meant literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A LIKE/ILIKE pattern matching values that start with `q` (or equal it), with the same literal escaping. */
export const prefixPattern = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
