'use client';

import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { PaymentType, PaymentUserInfo } from '@/lib/api/subscription';
import { isPaymentMethod, paymentTypeOf } from '@/lib/constants';
import { ChevronLeftIcon, ChevronRightIcon, CoinIcon, LockIcon, QrIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';
import { PAYMENT_TYPES, paymentMethodName, type PaymentMethodCode } from './payment-methods';

/** The three steps after a plan is chosen (spec §2, §4): payment type, method, then the payment-info form. */

/** Each step's heading takes focus when the step appears, so screen readers announce where the buyer is. */
function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h3 ref={ref} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
      {children}
    </h3>
  );
}

function BackButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="-ml-2 inline-flex h-9 items-center gap-1 rounded-full px-2 text-sm font-medium text-fg-muted hover:bg-white/10 hover:text-fg"
    >
      <ChevronLeftIcon size={16} />
      {children}
    </button>
  );
}

const optionClass =
  'group flex w-full items-center gap-3 rounded-2xl border border-white/10 bg-ink-800/60 p-4 text-left transition-colors hover:border-gold-400/50 hover:bg-ink-800 focus-visible:border-gold-400';

export function PaymentTypeStep({
  onChoose,
  onBack,
  backLabel = 'Back to plans',
}: {
  onChoose: (type: PaymentType) => void;
  onBack: () => void;
  /** Where the back link goes, in words (the premium dialog goes back to its price summary). */
  backLabel?: string;
}) {
  return (
    <div className="space-y-4">
      <BackButton onClick={onBack}>{backLabel}</BackButton>
      <StepHeading>Choose Payment Type</StepHeading>
      <ul className="grid gap-3 sm:grid-cols-2">
        {PAYMENT_TYPES.map(({ type, label, description, methods }) => (
          <li key={type}>
            <button type="button" className={optionClass} onClick={() => onChoose(type)}>
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-gold-400/15 text-gold-300">
                {type === 'creditcard' ? <LockIcon size={20} /> : <CoinIcon size={20} />}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{label}</span>
                <span className="block text-sm text-fg-muted">
                  {methods.length} options · {description}
                </span>
              </span>
              <ChevronRightIcon size={18} className="shrink-0 text-fg-subtle group-hover:text-fg" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PaymentMethodStep({
  type,
  onChoose,
  onBack,
}: {
  type: PaymentType;
  onChoose: (method: PaymentMethodCode) => void;
  onBack: () => void;
}) {
  const group = PAYMENT_TYPES.find((t) => t.type === type)!;
  return (
    <div className="space-y-4">
      <BackButton onClick={onBack}>Back to payment types</BackButton>
      <StepHeading>Select Payment Method</StepHeading>
      <p className="text-sm text-fg-muted">{group.label}</p>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {group.methods.map((code) => (
          <li key={code}>
            <button type="button" className={optionClass} data-method={code} onClick={() => onChoose(code)}>
              <span className="min-w-0 flex-1 font-medium">{paymentMethodName(code)}</span>
              <ChevronRightIcon size={16} className="shrink-0 text-fg-subtle group-hover:text-fg" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const EMPTY_USER_INFO: PaymentUserInfo = { fname: '', lname: '', email: '', phone: '', mobile: '', dob: '' };

const FIELDS: { name: keyof PaymentUserInfo; label: string; type: string; autoComplete: string; required?: boolean }[] = [
  { name: 'fname', label: 'First name', type: 'text', autoComplete: 'given-name', required: true },
  { name: 'lname', label: 'Last name', type: 'text', autoComplete: 'family-name', required: true },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', required: true },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', },
  { name: 'mobile', label: 'Mobile', type: 'tel', autoComplete: 'tel-national' },
  { name: 'dob', label: 'Date of birth', type: 'date', autoComplete: 'bday' },
];

/** The form's first values from the signed-in user: the name split into first and last, the e-mail. */
export function userInfoOf(user: { name: string; email: string | null } | null): PaymentUserInfo {
  if (!user) return EMPTY_USER_INFO;
  const [fname = '', ...rest] = (user.name ?? '').trim().split(/\s+/);
  return { ...EMPTY_USER_INFO, fname, lname: rest.join(' '), email: user.email ?? '' };
}

/** Spec §5: first name, last name and e-mail must be non-empty; the rest is optional; no format checks. */
export const canContinue = (info: PaymentUserInfo) => Boolean(info.fname.trim() && info.lname.trim() && info.email.trim());

export function PaymentInfoStep({
  method,
  initial,
  processing,
  onSubmit,
  onSubmitQr,
  onBack,
}: {
  method: string;
  initial: PaymentUserInfo;
  processing: boolean;
  onSubmit: (info: PaymentUserInfo) => void;
  /** The QR variant (wallets only): the gateway's page shows a QR code to scan with the wallet app on a phone. */
  onSubmitQr?: (info: PaymentUserInfo) => void;
  onBack: () => void;
}) {
  const [info, setInfo] = useState(initial);
  const id = useId();
  const ready = canContinue(info);
  const trimmed = () => ({ ...info, fname: info.fname.trim(), lname: info.lname.trim(), email: info.email.trim() });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready || processing) return;
    onSubmit(trimmed());
  };
  const qr = onSubmitQr && isPaymentMethod(method) && paymentTypeOf(method) === 'wallet' ? onSubmitQr : null;
  return (
    <div className="space-y-4">
      <BackButton onClick={onBack}>Back to payment methods</BackButton>
      <StepHeading>Payment Information</StepHeading>
      <p className="text-sm text-fg-muted">
        Paying with <span className="font-semibold text-fg">{paymentMethodName(method)}</span>
      </p>
      {/* noValidate: the spec asks for no format checks, so the browser's e-mail and date checks stay off. */}
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2" aria-describedby={`${id}-required`}>
        {FIELDS.map((f) => (
          <div key={f.name} className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-${f.name}`} className="text-sm font-medium">
              {f.label}
              {f.required ? (
                <span aria-hidden="true" className="text-gold-300">
                  {' '}*
                </span>
              ) : (
                <span className="text-fg-subtle"> (optional)</span>
              )}
            </label>
            <input
              id={`${id}-${f.name}`}
              name={f.name}
              type={f.type}
              autoComplete={f.autoComplete}
              aria-required={f.required ? true : undefined}
              value={info[f.name]}
              onChange={(e) => setInfo((prev) => ({ ...prev, [f.name]: e.target.value }))}
              className="h-11 rounded-xl border border-white/10 bg-ink-950/60 px-3 text-sm text-fg placeholder:text-fg-subtle focus:border-gold-400 focus:outline-none [color-scheme:dark]"
            />
          </div>
        ))}
        <p id={`${id}-required`} className="text-xs text-fg-subtle sm:col-span-2">
          First name, last name and email are required.
        </p>
        <button type="submit" disabled={!ready || processing} className={buttonClass('vip', 'lg', 'sm:col-span-2')}>
          {processing ? 'Processing...' : 'Continue to Payment'}
        </button>
        {qr ? (
          <button
            type="button"
            disabled={!ready || processing}
            onClick={() => qr(trimmed())}
            className={buttonClass('secondary', 'md', 'sm:col-span-2')}
          >
            <QrIcon size={18} /> Pay with a QR code instead
          </button>
        ) : null}
      </form>
    </div>
  );
}
