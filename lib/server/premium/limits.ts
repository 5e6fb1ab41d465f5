import 'server-only';
import type { RateLimit } from '@/lib/server/rate-limit';

/** Reading access and purchases: pages ask once per view, the return page a few times. */
export const PREMIUM_READ_LIMIT: RateLimit = { name: 'premium-read', limit: 120, windowMs: 60_000 };
