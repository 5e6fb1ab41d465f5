import type { ApiUser, AuthenticateBody, ContentPage } from '@/lib/contracts/auth';
import { authenticateWith } from './authenticate';
import { api } from './client';

export const authenticateOrRegister = (body: AuthenticateBody, firebaseIdToken: string) => authenticateWith(api, body, firebaseIdToken);

export async function fetchProfile(userId: string) {
  const res = await api.get<{ status: boolean; message: string; user: ApiUser }>('api/client/user/fetchProfile', { params: { userId } });
  return res.data;
}

/** Deletes the token's account and everything of it (the server keeps payment records without the user). */
export async function deleteAccount() {
  const res = await api.delete<{ status: boolean; message: string }>('api/client/user/deleteAccount');
  return res.data;
}

/** Ends every session of the account on every device, this one included. */
export async function logoutEverywhere() {
  const res = await api.post<{ status: boolean; message: string }>('api/client/user/logoutEverywhere');
  return res.data;
}

export async function retrieveSettings() {
  const res = await api.get<{ status: boolean; setting: Record<string, unknown> }>('api/client/setting/retrieveSettingsForUser');
  return res.data;
}

export async function retrieveContentPages() {
  const res = await api.get<{ status: boolean; data: ContentPage[] }>('api/client/contentpage/retrieveContentPages');
  return res.data;
}
