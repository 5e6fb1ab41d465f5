import type { StudioRole } from '@/lib/contracts/auth';

/** Wire types of the studio calls: what lib/api/studio.ts sends and receives and lib/server produces. */
/**
 * The studio's calls (api/admin/**), one function per call. Every call carries the signed-in user's token; the server
 * answers 401 without one and 403 when the user's role is too low. Feature modules (titles, media, prices, users,
 * insights) keep their own calls in lib/api/studio-*.ts and share these helpers.
 */

export type StudioUser = { id: string; email: string | null; name: string; role: StudioRole };

