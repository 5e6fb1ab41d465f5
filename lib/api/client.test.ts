// @vitest-environment jsdom
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from './axios-client';
import { errorMessages, GENERIC_ERROR, handleApiError, isUsableApiKey, MISSING_API_KEY_MESSAGE, NO_RESPONSE_ERROR } from './errors';

function serverError(data: unknown, status = 400) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, {}, { data, status, statusText: '', headers: {}, config });
}

afterEach(() => localStorage.clear());

describe('api client', () => {
  it('treats missing and placeholder keys as unusable', () => {
    for (const k of [undefined, '', '  ', 'your-api-key', 'CHANGEME', '<api key>', 'placeholder', 'xxxx']) expect(isUsableApiKey(k)).toBe(false);
    expect(isUsableApiKey('kilig-demo-api-key')).toBe(true);
  });

  it('skips the call with the spec message when the key is missing', async () => {
    const client = createApiClient('');
    await expect(client.get('/api/anything')).rejects.toThrow(MISSING_API_KEY_MESSAGE);
  });

  it('adds the key header and the stored Bearer token', async () => {
    localStorage.setItem('token', 'abc.def.ghi');
    const client = createApiClient('k-123');
    let seen: Record<string, unknown> = {};
    client.defaults.adapter = async (config) => {
      seen = config.headers.toJSON();
      return { data: { status: true }, status: 200, statusText: 'OK', headers: {}, config };
    };
    await client.get('/api/x');
    expect(seen.key).toBe('k-123');
    expect(seen.Authorization).toBe('Bearer abc.def.ghi');
    await client.get('/api/x', { headers: { Authorization: 'Bearer firebase-id-token' } });
    expect(seen.Authorization).toBe('Bearer firebase-id-token');
  });

  it('turns answers into messages by spec §8', () => {
    expect(errorMessages(serverError({ message: 'Nope' }))).toEqual(['Nope']);
    expect(errorMessages(serverError({ message: ['A', 'B'] }))).toEqual(['A', 'B']);
    expect(errorMessages(serverError({}))).toEqual([GENERIC_ERROR]);
    expect(errorMessages(new AxiosError('Network Error', 'ERR_NETWORK'))).toEqual([NO_RESPONSE_ERROR]);
  });

  it('clears local storage on E_USER_NOT_FOUND and E_UNAUTHORIZED only', () => {
    localStorage.setItem('isAuth', 'true');
    handleApiError(serverError({ message: 'x', code: 'E_VALIDATION' }, 422));
    expect(localStorage.getItem('isAuth')).toBe('true');
    handleApiError(serverError({ message: 'x', code: 'E_UNAUTHORIZED' }, 403));
    expect(localStorage.length).toBe(0);
    localStorage.setItem('user', '{}');
    handleApiError(serverError({ message: 'x', code: 'E_USER_NOT_FOUND' }, 404));
    expect(localStorage.length).toBe(0);
  });
});
