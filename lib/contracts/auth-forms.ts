/**
 * The login and sign-up form rules of spec §5, as pure functions. Not zod: the spec wants exactly one message, the
 * first failing rule in a fixed order (all fields → passwords match → Terms → Privacy), which is plainer written out.
 */

export const AUTH_FORM_MESSAGES = {
  loginRequired: 'Email and password are required.',
  allFieldsRequired: 'All fields are required.',
  passwordsDoNotMatch: 'Passwords do not match.',
  acceptTerms: 'Please accept the Terms and Conditions.',
  acceptPrivacy: 'Please accept the Privacy Policy.',
} as const;

export type LoginFields = { email: string; password: string };
export type SignUpFields = {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  termsAccepted: boolean;
  privacyAccepted: boolean;
};

export type FieldName = 'name' | 'email' | 'password' | 'confirmPassword' | 'terms' | 'privacy';

export type FormResult<T> =
  | { ok: true; value: T }
  /** `fields`: the inputs to mark invalid (the first one gets focus). */
  | { ok: false; message: string; fields: FieldName[] };

/** A password is never trimmed (it is sent as typed), but one made only of spaces counts as empty. */
const isBlank = (s: string) => s.trim() === '';

export function validateLogin(form: LoginFields): FormResult<LoginFields> {
  const email = form.email.trim();
  const missing: FieldName[] = [];
  if (!email) missing.push('email');
  if (isBlank(form.password)) missing.push('password');
  if (missing.length) return { ok: false, message: AUTH_FORM_MESSAGES.loginRequired, fields: missing };
  return { ok: true, value: { email, password: form.password } };
}

export function validateSignUp(form: SignUpFields): FormResult<{ name: string; email: string; password: string }> {
  const name = form.name.trim();
  const email = form.email.trim();
  const missing: FieldName[] = [];
  if (!name) missing.push('name');
  if (!email) missing.push('email');
  if (isBlank(form.password)) missing.push('password');
  if (isBlank(form.confirmPassword)) missing.push('confirmPassword');
  if (missing.length) return { ok: false, message: AUTH_FORM_MESSAGES.allFieldsRequired, fields: missing };
  if (form.password !== form.confirmPassword) {
    return { ok: false, message: AUTH_FORM_MESSAGES.passwordsDoNotMatch, fields: ['confirmPassword'] };
  }
  if (!form.termsAccepted) return { ok: false, message: AUTH_FORM_MESSAGES.acceptTerms, fields: ['terms'] };
  if (!form.privacyAccepted) return { ok: false, message: AUTH_FORM_MESSAGES.acceptPrivacy, fields: ['privacy'] };
  return { ok: true, value: { name, email, password: form.password } };
}
