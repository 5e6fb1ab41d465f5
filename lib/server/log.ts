import 'server-only';
import { serverEnv } from '@/lib/env';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof LEVELS;

function write(level: Level, message: string, detail?: Record<string, unknown>) {
  if (LEVELS[level] < LEVELS[serverEnv().LOG_LEVEL]) return;
  const entry: Record<string, unknown> = { level, time: new Date().toISOString(), message };
  for (const [k, v] of Object.entries(detail ?? {})) {
    entry[k] = v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v;
  }
  (level === 'error' ? console.error : level === 'warn' ? console.warn : console.log)(JSON.stringify(entry));
}

/** One-line JSON logs on stdout/stderr, readable by any log collector. */
export const log = {
  debug: (m: string, d?: Record<string, unknown>) => write('debug', m, d),
  info: (m: string, d?: Record<string, unknown>) => write('info', m, d),
  warn: (m: string, d?: Record<string, unknown>) => write('warn', m, d),
  error: (m: string, d?: Record<string, unknown>) => write('error', m, d),
};
