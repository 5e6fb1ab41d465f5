import { api } from './client';
import { errorCode, errorMessages } from './errors';
import type { StudioUser } from '@/lib/contracts/studio';
import type { Envelope } from '@/lib/contracts/envelope';

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
