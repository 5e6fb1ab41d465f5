const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/**
 * `over` laid on `base`: where both are plain objects they merge key by key, anything else (arrays, functions,
 * class instances, texts) in `over` replaces what `base` had as a whole, never cloned. Neither input is changed. Used
 * for a Shaka configuration (player/engine/config.ts) and for message groups (messages/tree.ts).
 */
export function deepMerge(base: unknown, over: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = k in out ? deepMerge(out[k], v) : v;
  return out;
}
