/** Spec §8 texts for identity and login failures: their own module, so the store's first load carries the words only. */
export const INVALID_EMAIL = 'Please enter a valid email address.';
export const INVALID_CREDENTIALS = 'Invalid email or password. Please try again.';
export const LOGIN_FAILED = 'Login failed';
export const SIGNUP_FAILED = 'Signup failed';
