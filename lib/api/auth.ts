import { api } from './client';
import type { LOGIN_TYPE } from '@/lib/constants';
import type { StudioRole } from './studio';

export type ApiUser = {
  _id: string;
  uid: string;
  name: string;
  email: string | null;
  image: string | null;
  loginType: number;
  isAnonymous: boolean;
  isVip: boolean;
  vipExpiresAt: string | null;
  vipLifetime: boolean;
  coins: number;
  createdAt: string;
  /** The studio role (issue 13); 'viewer' for everyone but the people who run the service. */
  role?: 'viewer' | StudioRole;
};

export type LoginType = (typeof LOGIN_TYPE)[keyof typeof LOGIN_TYPE];

export type AuthenticateBody = { loginType: LoginType; identity: string; email: string | null; name: string | null; image: string | null };

/** The Firebase ID token goes as Bearer here (not the stored product token): the server verifies it. */
export async function authenticateOrRegister(body: AuthenticateBody, firebaseIdToken: string) {
  const res = await api.post<{ status: boolean; message: string; data: { user: ApiUser; token: string } }>('api/client/user/authenticateOrRegister', body, {
    headers: { Authorization: `Bearer ${firebaseIdToken}` },
  });
  return res.data;
}

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

export type ContentPage = { _id: string; slug: string; title: string; sections: { heading: string; paragraphs: string[] }[] };

export async function retrieveContentPages() {
  const res = await api.get<{ status: boolean; data: ContentPage[] }>('api/client/contentpage/retrieveContentPages');
  return res.data;
}
