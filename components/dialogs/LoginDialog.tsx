'use client';

import { useEffect, useId, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode, type RefObject } from 'react';
import clsx from 'clsx';
import toast from 'react-hot-toast/headless';
import { useTranslations } from 'next-intl';
import { useMessageText } from '@/lib/message-text';
import { loadIdentity } from '@/lib/identity';
import { publicEnv } from '@/lib/public-env';
import { MINIMUM_AGE } from '@/lib/constants';
import { validateLogin, validateSignUp, type FieldName } from '@/lib/contracts/auth-forms';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { loginWithEmail, loginWithSocial, signUpWithEmail } from '@/store/auth/login';
import { selectIsLoggingIn, selectLastFailedAttempt } from '@/store/auth/selectors';
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
  const t = useTranslations('dialogs.loginDialog');
  const text = useMessageText();
  const busy = useAppSelector(selectIsLoggingIn);
  // After a failed attempt ('Try again'), the dialog opens on that form with what was typed (not the password).
  const lastAttempt = useAppSelector(selectLastFailedAttempt);
  const [mode, setMode] = useState<LoginMode>(() => lastAttempt?.mode ?? 'login');
  const [fields, setFields] = useState<Fields>(() => (lastAttempt ? { ...EMPTY, email: lastAttempt.email, name: lastAttempt.name } : EMPTY));
  // The message of the last check before an attempt (spec §5), shown in the form as well as in a toast.
  const [formError, setFormError] = useState<string | null>(null);
  const errorToasts = useRef<string[]>([]);
  const errorId = useId();
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

  // A form's errors do not follow the viewer to the other form: its toasts go with it.
  const dismissErrors = () => {
    errorToasts.current.forEach((id) => toast.dismiss(id));
    errorToasts.current = [];
    setFormError(null);
  };
  const switchMode = (next: LoginMode) => {
    setMode(next);
    setInvalid([]);
    dismissErrors();
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
    errorToasts.current.push(toast.error(text(message)));
    setFormError(message);
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
      dismissErrors();
      void dispatch(signUpWithEmail(result.value));
    } else {
      const result = validateLogin(fields);
      if (!result.ok) return reject(result.message, result.fields);
      dismissErrors();
      void dispatch(loginWithEmail(result.value));
    }
  };

  const isInvalid = (key: FieldName) => invalid.includes(key);
  // An invalid input is described by the form's message, so a screen reader reads why when it gets focus.
  const describedBy = (...keys: FieldName[]) => (formError && keys.some(isInvalid) ? errorId : undefined);

  return (
    <>
      <Modal
        onClose={close}
        title={signup ? t('signupTitle') : t('loginTitle', { brand })}
        description={signup ? t('signupDescription', { brand, minimumAge: MINIMUM_AGE }) : t('loginDescription')}
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
          {t('google')}
        </button>

        <div className="my-5 flex items-center gap-3 text-sm text-fg-subtle" role="separator" aria-label={t('or')}>
          <span className="h-px flex-1 bg-white/10" />
          <span aria-hidden="true">{t('or')}</span>
          <span className="h-px flex-1 bg-white/10" />
        </div>

        <form noValidate onSubmit={onSubmit} className="space-y-3.5" aria-label={signup ? t('signupForm') : t('loginForm')}>
          {signup ? (
            <Field label={t('name')} inputRef={nameRef} invalid={isInvalid('name')} describedBy={describedBy('name')} value={fields.name} onValue={set('name')} autoComplete="name" maxLength={100} />
          ) : null}
          <Field
            label={t('email')}
            inputRef={emailRef}
            invalid={isInvalid('email')}
            describedBy={describedBy('email')}
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
            label={t('password')}
            inputRef={passwordRef}
            invalid={isInvalid('password')}
            describedBy={describedBy('password')}
            value={fields.password}
            onValue={set('password')}
            type="password"
            autoComplete={signup ? 'new-password' : 'current-password'}
          />
          {signup ? (
            <>
              <Field
                label={t('confirmPassword')}
                inputRef={confirmRef}
                invalid={isInvalid('confirmPassword')}
                describedBy={describedBy('confirmPassword')}
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
                  aria-describedby={describedBy('terms', 'privacy')}
                  aria-label={t('agreementLabel', { minimumAge: MINIMUM_AGE })}
                  onChange={() => {
                    const next = !bothAccepted;
                    setTermsAccepted(next);
                    setPrivacyAccepted(next);
                    setInvalid((list) => list.filter((k) => k !== 'terms' && k !== 'privacy'));
                  }}
                  className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-kilig-500"
                />
                <p className="text-sm leading-snug text-fg-muted">
                  {t.rich('agreement', {
                    minimumAge: MINIMUM_AGE,
                    label: (words) => (
                      <label htmlFor="signup-agreement" className="cursor-pointer">
                        {words}
                      </label>
                    ),
                    terms: (words) => <PolicyLink onClick={() => setPolicy('terms')}>{words}</PolicyLink>,
                    privacy: (words) => <PolicyLink onClick={() => setPolicy('privacy')}>{words}</PolicyLink>,
                  })}
                </p>
              </div>
            </>
          ) : null}

          {/* Stays mounted so the message is announced when it appears (and again when it changes). */}
          <p id={errorId} role="alert" data-testid="login-form-error" className="text-sm font-medium text-kilig-200 empty:hidden">
            {formError ? text(formError) : null}
          </p>

          <button type="submit" disabled={busy} className={buttonClass('primary', 'md', 'mt-1 w-full')}>
            {signup ? t('submitSignup') : t('submitLogin')}
          </button>
        </form>

        <p className="mt-5 text-center text-sm text-fg-muted">
          {signup ? t('haveAccount') : t('newHere', { brand })}{' '}
          <button
            type="button"
            className="font-semibold text-kilig-300 underline-offset-4 hover:text-kilig-200 hover:underline"
            onClick={() => switchMode(signup ? 'login' : 'signup')}
          >
            {signup ? t('toLogin') : t('toSignup')}
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

function PolicyLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
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
  /** The id of the form's message while it concerns this field. */
  describedBy?: string;
  inputRef: RefObject<HTMLInputElement | null>;
};

function Field({ label, value, onValue, invalid, describedBy, inputRef, type = 'text', ...rest }: FieldProps) {
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
        aria-describedby={describedBy}
        className={clsx(
          'h-11 w-full rounded-xl border bg-ink-850 px-3.5 text-[15px] text-fg placeholder:text-fg-subtle transition-colors focus:border-kilig-400 focus:outline-none focus:ring-2 focus:ring-kilig-400/30',
          invalid ? 'border-kilig-400/80' : 'border-white/10 hover:border-white/20',
        )}
        {...rest}
      />
    </div>
  );
}
