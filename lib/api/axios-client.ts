import axios, { type AxiosInstance } from 'axios';
import { publicEnv } from '@/lib/public-env';
import { readRaw, STORAGE_KEYS } from '@/lib/storage';
import { isUsableApiKey, SkippedCallError } from './client';

/**
 * The one HTTP client, loaded on demand through `api` in client.ts: the `key` header and `Authorization: Bearer
 * <token>` on every call (spec §7).
 */
export function createApiClient(apiKey: string | undefined = publicEnv.NEXT_PUBLIC_API_KEY): AxiosInstance {
  const client = axios.create({ baseURL: '/', timeout: 20_000, headers: { 'content-type': 'application/json' } });
  client.interceptors.request.use((config) => {
    if (!isUsableApiKey(apiKey)) throw new SkippedCallError();
    config.headers.set('key', apiKey);
    // A call may carry its own credential (the Firebase ID token of authenticateOrRegister): keep it.
    const token = readRaw(STORAGE_KEYS.token);
    if (!config.headers.has('Authorization') && token && token !== 'undefined' && token !== 'null') {
      config.headers.set('Authorization', `Bearer ${token}`);
    }
    return config;
  });
  return client;
}
