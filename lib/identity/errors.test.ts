import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { SkippedCallError } from '@/lib/api/errors';
import { authErrorMessage, loginErrorMessage } from './errors';
import { INVALID_CREDENTIALS, INVALID_EMAIL } from './messages';

function axiosError(status: number, data: unknown) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, {}, { status, statusText: '', data, headers: {}, config });
}

describe('loginErrorMessage', () => {
  it('maps identity errors to the spec texts', () => {
    expect(loginErrorMessage({ code: 'auth/invalid-email', message: 'x' })).toBe(INVALID_EMAIL);
    expect(loginErrorMessage({ code: 'auth/invalid-credential' })).toBe(INVALID_CREDENTIALS);
    expect(loginErrorMessage({ code: 'auth/wrong-password' })).toBe(INVALID_CREDENTIALS);
    expect(loginErrorMessage({ message: 'Error: User does not exist' })).toBe(INVALID_CREDENTIALS);
    expect(loginErrorMessage({ message: 'Incorrect password for this account' })).toBe(INVALID_CREDENTIALS);
  });
  it('shows other messages as they are, else the fallback', () => {
    expect(loginErrorMessage({ message: 'Account disabled' })).toBe('Account disabled');
    expect(loginErrorMessage({})).toBe('Login failed');
    expect(loginErrorMessage(null, 'Signup failed')).toBe('Signup failed');
  });
  it("shows Firebase's own message without its 'Firebase:' wrapping (the 6-character password rule is Firebase's)", () => {
    expect(
      loginErrorMessage({ code: 'auth/weak-password', message: 'Firebase: Password should be at least 6 characters (auth/weak-password).' }, 'Signup failed'),
    ).toBe('Password should be at least 6 characters.');
    expect(loginErrorMessage({ code: 'auth/internal-error', message: 'Firebase: Error (auth/internal-error).' }, 'Signup failed')).toBe('Signup failed');
  });
  it('gives readable texts for Firebase errors that carry none', () => {
    expect(loginErrorMessage({ code: 'auth/email-already-in-use', message: 'Firebase: Error (auth/email-already-in-use).' })).toBe(
      'An account with this email already exists. Please log in instead.',
    );
    expect(loginErrorMessage({ code: 'auth/popup-closed-by-user', message: 'The sign-in window was closed.' })).toBe('The sign-in window was closed.');
  });
});

describe('authErrorMessage', () => {
  it('reads backend answers as spec §8 does', () => {
    expect(authErrorMessage(axiosError(401, { status: false, message: 'Your sign-in could not be verified. Please log in again.' }))).toBe(
      'Your sign-in could not be verified. Please log in again.',
    );
    expect(authErrorMessage(axiosError(400, { status: false, message: 'User does not exist' }))).toBe(INVALID_CREDENTIALS);
    expect(authErrorMessage(axiosError(500, {}))).toBe('Something went wrong!');
    expect(authErrorMessage(new SkippedCallError())).toBe('API key missing or invalid. Skipping real API call.');
  });
  it('falls back per flow', () => {
    expect(authErrorMessage(undefined, 'Signup failed')).toBe('Signup failed');
    expect(authErrorMessage({ code: 'auth/invalid-email' }, 'Signup failed')).toBe(INVALID_EMAIL);
  });
});
