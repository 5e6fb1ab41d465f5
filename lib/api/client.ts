import type { AxiosInstance, AxiosRequestConfig } from 'axios';

let instance: Promise<AxiosInstance> | null = null;

/** axios is a chunk of its own, fetched with the first call, so pages become interactive without waiting for it. */
function client(): Promise<AxiosInstance> {
  instance ??= import('./axios-client').then(
    (m) => m.createApiClient(),
    (err: unknown) => {
      instance = null; // a failed chunk load may be retried
      throw err;
    },
  );
  return instance;
}

/** The one HTTP client (axios-client.ts): `key` header and `Authorization: Bearer <token>` on every call. */
export const api = {
  get: <T>(url: string, config?: AxiosRequestConfig) => client().then((c) => c.get<T>(url, config)),
  delete: <T>(url: string, config?: AxiosRequestConfig) => client().then((c) => c.delete<T>(url, config)),
  post: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) => client().then((c) => c.post<T>(url, data, config)),
  put: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) => client().then((c) => c.put<T>(url, data, config)),
  patch: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) => client().then((c) => c.patch<T>(url, data, config)),
};
