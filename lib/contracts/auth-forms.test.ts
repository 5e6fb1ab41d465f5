import { describe, expect, it } from 'vitest';
import { AUTH_FORM_MESSAGES, validateLogin, validateSignUp, type SignUpFields } from './auth-forms';

const filled: SignUpFields = {
  name: '  Maria Clara ',
  email: ' maria@example.ph  ',
  password: 'kilig-123',
  confirmPassword: 'kilig-123',
  termsAccepted: true,
  privacyAccepted: true,
};

describe('validateLogin', () => {
  it("needs both e-mail and password: 'Email and password are required.'", () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ ok: false, message: 'Email and password are required.', fields: ['email', 'password'] });
    expect(validateLogin({ email: 'a@b.ph', password: '' })).toMatchObject({ ok: false, message: AUTH_FORM_MESSAGES.loginRequired, fields: ['password'] });
    expect(validateLogin({ email: '   ', password: 'x' })).toMatchObject({ ok: false, fields: ['email'] });
    expect(validateLogin({ email: 'a@b.ph', password: '   ' })).toMatchObject({ ok: false, fields: ['password'] });
  });

  it('trims the e-mail and keeps the password as typed', () => {
    expect(validateLogin({ email: '  a@b.ph ', password: ' pw ' })).toEqual({ ok: true, value: { email: 'a@b.ph', password: ' pw ' } });
  });
});

describe('validateSignUp', () => {
  it("needs every field: 'All fields are required.'", () => {
    for (const field of ['name', 'email', 'password', 'confirmPassword'] as const) {
      const result = validateSignUp({ ...filled, [field]: ' ' });
      expect(result).toEqual({ ok: false, message: 'All fields are required.', fields: [field] });
    }
  });

  it("checks the passwords match: 'Passwords do not match.'", () => {
    expect(validateSignUp({ ...filled, confirmPassword: 'kilig-124' })).toEqual({
      ok: false,
      message: 'Passwords do not match.',
      fields: ['confirmPassword'],
    });
  });

  it("then Terms: 'Please accept the Terms and Conditions.', then Privacy: 'Please accept the Privacy Policy.'", () => {
    expect(validateSignUp({ ...filled, termsAccepted: false, privacyAccepted: false })).toMatchObject({
      message: 'Please accept the Terms and Conditions.',
    });
    expect(validateSignUp({ ...filled, termsAccepted: false })).toMatchObject({ message: AUTH_FORM_MESSAGES.acceptTerms, fields: ['terms'] });
    expect(validateSignUp({ ...filled, privacyAccepted: false })).toMatchObject({ message: 'Please accept the Privacy Policy.', fields: ['privacy'] });
  });

  it('reports the first failing rule in the spec order', () => {
    expect(validateSignUp({ ...filled, name: '', confirmPassword: 'other', termsAccepted: false })).toMatchObject({
      message: AUTH_FORM_MESSAGES.allFieldsRequired,
    });
    expect(validateSignUp({ ...filled, confirmPassword: 'other', termsAccepted: false })).toMatchObject({
      message: AUTH_FORM_MESSAGES.passwordsDoNotMatch,
    });
  });

  it('trims name and e-mail, has no password length rule', () => {
    expect(validateSignUp({ ...filled, password: 'a', confirmPassword: 'a' })).toEqual({
      ok: true,
      value: { name: 'Maria Clara', email: 'maria@example.ph', password: 'a' },
    });
  });
});
