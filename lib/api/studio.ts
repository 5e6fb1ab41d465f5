import type { StudioRole } from '@/lib/contracts/auth';
import { api } from './client';
import { errorCode, errorMessages } from './errors';

/**
 * The studio's calls (api/admin/**), one function per call. Every call carries the signed-in user's token; the server
 * answers 401 without one and 403 when the user's role is too low. Feature modules (titles, media, prices, users,
 * insights) keep their own calls in lib/api/studio-*.ts and share these helpers.
 */

export type StudioUser = { id: string; email: string | null; name: string; role: StudioRole };

type Envelope<T> = { status: boolean; message?: string; data: T };

export async function fetchStudioUser(): Promise<StudioUser> {
  const res = await api.get<Envelope<StudioUser>>('/api/admin/me');
  return res.data.data;
}

/** Whether an error from a studio call means 'sign in' (401) or 'no access' (403); null for anything else. */
export function studioAccessError(error: unknown): 'signin' | 'forbidden' | null {
  const code = errorCode(error);
  if (code === 'E_UNAUTHENTICATED' || code === 'E_API_KEY') return 'signin';
  if (code === 'E_FORBIDDEN' || code === 'E_UNAUTHORIZED') return 'forbidden';
  return null;
}

/** The server's message for a failed studio call, for an inline error. */
export const studioErrorMessage = (error: unknown) => errorMessages(error)[0] ?? 'Something went wrong. Please try again.';
