import 'server-only';

/** A LIKE/ILIKE pattern matching `q` anywhere: `%`, `_` and `\` typed into a search are meant literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
