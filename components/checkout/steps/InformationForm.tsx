'use client';

import { useId, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import type { PaymentUserInfo } from '@/lib/contracts/subscription';
import { isPaymentMethod, paymentTypeOf } from '@/lib/constants';
import { QrIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';
import { MethodMark } from '../MethodMark';
import { paymentMethodName } from '../payment-methods';
import { BackButton, StepHeading } from './step-parts';

/** The payment-information form (spec §5), the last step before the gateway. */

export const EMPTY_USER_INFO: PaymentUserInfo = { fname: '', lname: '', email: '', phone: '', mobile: '', dob: '' };

/** Each field's label is the checkout namespace's `info.{name}`. */
const FIELDS: { name: keyof PaymentUserInfo; type: string; autoComplete: string; required?: boolean }[] = [
  { name: 'fname', type: 'text', autoComplete: 'given-name', required: true },
  { name: 'lname', type: 'text', autoComplete: 'family-name', required: true },
  { name: 'email', type: 'email', autoComplete: 'email', required: true },
  { name: 'phone', type: 'tel', autoComplete: 'tel' },
  { name: 'mobile', type: 'tel', autoComplete: 'tel-national' },
  { name: 'dob', type: 'date', autoComplete: 'bday' },
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
  const t = useTranslations('checkout.info');
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
      <BackButton onClick={onBack}>{t('back')}</BackButton>
      <StepHeading>{t('heading')}</StepHeading>
      <p className="flex items-center gap-3 text-sm text-fg-muted">
        <MethodMark code={method} size={32} />
        <span>{t.rich('payingWith', { method: paymentMethodName(method), b: (words) => <span className="font-semibold text-fg">{words}</span> })}</span>
      </p>
      {/* noValidate: the spec asks for no format checks, so the browser's e-mail and date checks stay off. */}
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2" aria-describedby={`${id}-required`}>
        {FIELDS.map((f) => (
          <div key={f.name} className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-${f.name}`} className="text-sm font-medium">
              {t(f.name)}
              {f.required ? (
                <span aria-hidden="true" className="text-gold-300">
                  {' '}*
                </span>
              ) : (
                <span className="text-fg-subtle"> {t('optional')}</span>
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
          {t('required')}
        </p>
        <button type="submit" disabled={!ready || processing} className={buttonClass('vip', 'lg', 'sm:col-span-2')}>
          {processing ? t('processing') : t('continue')}
        </button>
        {qr ? (
          <button
            type="button"
            disabled={!ready || processing}
            onClick={() => qr(trimmed())}
            className={buttonClass('secondary', 'md', 'sm:col-span-2')}
          >
            <QrIcon size={18} /> {t('qr')}
          </button>
        ) : null}
      </form>
    </div>
  );
}
