import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import type { AuthenticateAnswer, AuthenticateBody } from '@/lib/contracts/auth';

export type Poster = { post: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) => Promise<AxiosResponse<T>> };

/**
 * The product login, `POST api/client/user/authenticateOrRegister`, on a given HTTP client. Two callers: the login
 * thunks (through `api`) and the silent session renewal inside the HTTP client itself, which cannot import `api`
 * without making the client depend on itself. The Firebase ID token goes as Bearer here (not the stored product
 * token): the server verifies it.
 */
export async function authenticateWith(http: Poster, body: AuthenticateBody, firebaseIdToken: string): Promise<AuthenticateAnswer> {
  const res = await http.post<AuthenticateAnswer>('api/client/user/authenticateOrRegister', body, {
    headers: { Authorization: `Bearer ${firebaseIdToken}` },
  });
  return res.data;
}
