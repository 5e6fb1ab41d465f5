'use client';

import { useEffect, useId, useRef, useState, type FormEvent, type InputHTMLAttributes, type RefObject } from 'react';
import clsx from 'clsx';
import toast from 'react-hot-toast';
import { loadIdentity } from '@/lib/identity';
import { publicEnv } from '@/lib/public-env';
import { MINIMUM_AGE } from '@/lib/constants';
import { validateLogin, validateSignUp, type FieldName } from '@/lib/contracts/auth-forms';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { loginWithEmail, loginWithSocial, signUpWithEmail } from '@/store/auth/thunks';
import { selectIsLoggingIn } from '@/store/auth/selectors';
import { loginDialogClosed } from '@/store/ui/slice';
import { selectLoginDialogOpen } from '@/store/ui/selectors';
import { buttonClass } from '@/components/ui/styles';
import { GoogleIcon } from './GoogleIcon';
import { Modal } from './Modal';
import { PolicyModal } from './PolicyModal';
import type { PolicySlug } from './PolicyDocument';

const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;

export type LoginMode = 'login' | 'signup';

/** The login dialog of spec §2: login ↔ sign-up, 'Continue with Google', the 'or' divider, Terms and Privacy. */
export function LoginDialog() {
  const open = useAppSelector(selectLoginDialogOpen);
  return open ? <LoginDialogPanel /> : null;
}

type Fields = { name: string; email: string; password: string; confirmPassword: string };
const EMPTY: Fields = { name: '', email: '', password: '', confirmPassword: '' };

function LoginDialogPanel() {
  const dispatch = useAppDispatch();
  const busy = useAppSelector(selectIsLoggingIn);
  const [mode, setMode] = useState<LoginMode>('login');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [privacyAccepted, setPrivacyAccepted] = useState(false);
  const [invalid, setInvalid] = useState<FieldName[]>([]);
  const [policy, setPolicy] = useState<PolicySlug | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const agreementRef = useRef<HTMLInputElement>(null);
  const signup = mode === 'signup';

  // The Google popup must open within the click, so the identity SDK is fetched as soon as the dialog shows.
  useEffect(() => {
    loadIdentity().catch(() => undefined); // a failed chunk load is retried by the sign-in itself
  }, []);

  const close = () => dispatch(loginDialogClosed());
  const set = (key: keyof Fields) => (value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    setInvalid((list) => list.filter((k) => k !== key));
  };

  const switchMode = (next: LoginMode) => {
    setMode(next);
    setInvalid([]);
  };
  // The first field of the form gets focus when the form changes (the email on login, the name on sign-up).
  const firstSwitch = useRef(true);
  useEffect(() => {
    if (firstSwitch.current) {
      firstSwitch.current = false;
      return;
    }
    (mode === 'signup' ? nameRef : emailRef).current?.focus();
  }, [mode]);

  // One box for both: checked when both are accepted, mixed when only one is (after one policy's 'I Understand').
  const bothAccepted = termsAccepted && privacyAccepted;
  useEffect(() => {
    if (agreementRef.current) agreementRef.current.indeterminate = termsAccepted !== privacyAccepted;
    // `mode`: the box mounts again when the form switches back to sign-up.
  }, [termsAccepted, privacyAccepted, mode]);

  const reject = (message: string, list: FieldName[]) => {
    toast.error(message);
    setInvalid(list);
    const refs = { name: nameRef, email: emailRef, password: passwordRef, confirmPassword: confirmRef, terms: agreementRef, privacy: agreementRef };
    refs[list[0]]?.current?.focus();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (signup) {
      const result = validateSignUp({ ...fields, termsAccepted, privacyAccepted });
      if (!result.ok) return reject(result.message, result.fields);
      void dispatch(signUpWithEmail(result.value));
    } else {
      const result = validateLogin(fields);
      if (!result.ok) return reject(result.message, result.fields);
      void dispatch(loginWithEmail(result.value));
    }
  };

  const isInvalid = (key: FieldName) => invalid.includes(key);

  return (
    <>
      <Modal
        onClose={close}
        title={signup ? 'Create your account' : `Log in to ${brand}`}
        description={
          signup
            ? `${brand} is for adults ${MINIMUM_AGE} and over. Save titles to your list, unlock episodes and subscribe.`
            : 'Pick up where you left off, keep your list and unlock episodes.'
        }
        initialFocusRef={signup ? nameRef : emailRef}
        className="max-w-md"
        testId="login-dialog"
      >
        <button
          type="button"
          disabled={busy}
          // Straight from the click: the Google popup opens inside this call, so browsers do not block it.
          onClick={() => void dispatch(loginWithSocial('google'))}
          className="inline-flex h-11 w-full items-center justify-center gap-3 rounded-full bg-white px-5 text-sm font-semibold text-ink-950 shadow-sm transition hover:bg-white/90 disabled:cursor-not-allowed disabled:opacity-60"
        >
          <GoogleIcon size={18} />
          Continue with Google
        </button>

        <div className="my-5 flex items-center gap-3 text-sm text-fg-subtle" role="separator" aria-label="or">
          <span className="h-px flex-1 bg-white/10" />
          <span aria-hidden="true">or</span>
          <span className="h-px flex-1 bg-white/10" />
        </div>

        <form noValidate onSubmit={onSubmit} className="space-y-3.5" aria-label={signup ? 'Sign up' : 'Log in'}>
          {signup ? (
            <Field label="Name" inputRef={nameRef} invalid={isInvalid('name')} value={fields.name} onValue={set('name')} autoComplete="name" maxLength={100} />
          ) : null}
          <Field
            label="Email"
            inputRef={emailRef}
            invalid={isInvalid('email')}
            value={fields.email}
            onValue={set('email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={254}
          />
          <Field
            label="Password"
            inputRef={passwordRef}
            invalid={isInvalid('password')}
            value={fields.password}
            onValue={set('password')}
            type="password"
            autoComplete={signup ? 'new-password' : 'current-password'}
          />
          {signup ? (
            <>
              <Field
                label="Confirm password"
                inputRef={confirmRef}
                invalid={isInvalid('confirmPassword')}
                value={fields.confirmPassword}
                onValue={set('confirmPassword')}
                type="password"
                autoComplete="new-password"
              />
              <div
                className={clsx(
                  'flex items-start gap-3 rounded-2xl border p-3.5 transition-colors',
                  isInvalid('terms') || isInvalid('privacy') ? 'border-kilig-400/70 bg-kilig-800/15' : 'border-white/10 bg-ink-850',
                )}
              >
                <input
                  ref={agreementRef}
                  id="signup-agreement"
                  type="checkbox"
                  checked={bothAccepted}
                  aria-invalid={isInvalid('terms') || isInvalid('privacy') || undefined}
                  aria-label={`I am ${MINIMUM_AGE} or older and I agree to the Terms and Conditions and the Privacy Policy`}
                  onChange={() => {
                    const next = !bothAccepted;
                    setTermsAccepted(next);
                    setPrivacyAccepted(next);
                    setInvalid((list) => list.filter((k) => k !== 'terms' && k !== 'privacy'));
                  }}
                  className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-kilig-500"
                />
                <p className="text-sm leading-snug text-fg-muted">
                  <label htmlFor="signup-agreement" className="cursor-pointer">
                    I am {MINIMUM_AGE} or older and I agree to the
                  </label>{' '}
                  <PolicyLink onClick={() => setPolicy('terms')}>Terms and Conditions</PolicyLink> and the{' '}
                  <PolicyLink onClick={() => setPolicy('privacy')}>Privacy Policy</PolicyLink>.
                </p>
              </div>
            </>
          ) : null}

          <button type="submit" disabled={busy} className={buttonClass('primary', 'md', 'mt-1 w-full')}>
            {signup ? 'Sign up' : 'Log in'}
          </button>
        </form>

        <p className="mt-5 text-center text-sm text-fg-muted">
          {signup ? 'Already have an account?' : `New to ${brand}?`}{' '}
          <button
            type="button"
            className="font-semibold text-kilig-300 underline-offset-4 hover:text-kilig-200 hover:underline"
            onClick={() => switchMode(signup ? 'login' : 'signup')}
          >
            {signup ? 'Log in' : 'Create an account'}
          </button>
        </p>
      </Modal>
      {policy ? (
        <PolicyModal
          slug={policy}
          onClose={() => setPolicy(null)}
          onUnderstood={() => {
            if (policy === 'terms') setTermsAccepted(true);
            else setPrivacyAccepted(true);
            setInvalid((list) => list.filter((k) => k !== policy));
          }}
        />
      ) : null}
    </>
  );
}

function PolicyLink({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-haspopup="dialog"
      className="font-semibold text-kilig-300 underline decoration-kilig-300/40 underline-offset-2 hover:text-kilig-200 hover:decoration-kilig-200"
    >
      {children}
    </button>
  );
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValue: (value: string) => void;
  invalid: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
};

function Field({ label, value, onValue, invalid, inputRef, type = 'text', ...rest }: FieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-fg">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type={type}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={invalid || undefined}
        className={clsx(
          'h-11 w-full rounded-xl border bg-ink-850 px-3.5 text-[15px] text-fg placeholder:text-fg-subtle transition-colors focus:border-kilig-400 focus:outline-none focus:ring-2 focus:ring-kilig-400/30',
          invalid ? 'border-kilig-400/80' : 'border-white/10 hover:border-white/20',
        )}
        {...rest}
      />
    </div>
  );
}
