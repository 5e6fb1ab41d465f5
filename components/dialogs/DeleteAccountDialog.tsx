'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import clsx from 'clsx';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useMessageText } from '@/lib/message-text';
import { formatDate } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { deleteAccount } from '@/store/auth/thunks';
import { selectUser } from '@/store/auth/selectors';
import { publicEnv } from '@/lib/public-env';
import { homeHref } from '@/lib/routes';
import { buttonClass } from '@/components/ui/styles';
import { Modal } from './Modal';

/** What the viewer types to enable the button: deleting cannot be undone, so it takes more than one click. */
export const CONFIRM_WORD = 'DELETE';


/** Danger look for the one irreversible action (red 600 with white text: 4.8:1). */
const dangerButtonClass = (extra?: string) => buttonClass('primary', 'md', clsx('bg-red-600! shadow-none! hover:bg-red-500!', extra));

type VipEnd = { kind: 'lifetime' } | { kind: 'until'; date: Date } | { kind: 'vip' };

function vipEnds(user: { isVip: boolean; vipLifetime?: boolean; vipExpiresAt?: string | null }): VipEnd | null {
  if (!user.isVip) return null;
  if (user.vipLifetime) return { kind: 'lifetime' };
  const until = user.vipExpiresAt ? new Date(user.vipExpiresAt) : null;
  return until && !Number.isNaN(until.getTime()) ? { kind: 'until', date: until } : { kind: 'vip' };
}

/**
 * 'Delete Account' (the privacy policy's promise): names exactly what is lost, asks for the word DELETE, then deletes
 * the account on the server, logs out here and goes home. Loaded on demand from the dashboard's account settings.
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const t = useTranslations('dialogs.deleteAccount');
  const locale = useLocale();
  const text = useMessageText();
  const user = useAppSelector(selectUser);
  const inputId = useId();
  const hintId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!user) return null;
  const confirmed = typed.trim() === CONFIRM_WORD;
  const coins = user.coins ?? 0;
  const vip = vipEnds(user);

  const close = () => {
    if (!pending) onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!confirmed || pending) return;
    setPending(true);
    setError(null);
    const result = await dispatch(deleteAccount());
    if (deleteAccount.fulfilled.match(result)) {
      router.push(homeHref());
      return;
    }
    setPending(false);
    setError(result.payload ? text(result.payload) : t('failed'));
  };

  return (
    <Modal
      onClose={close}
      title={t('title')}
      description={t('description', { brand: publicEnv.NEXT_PUBLIC_BRAND_NAME })}
      initialFocusRef={cancelRef}
      className="max-w-lg"
      testId="delete-account-dialog"
      scrollBody
    >
      <form onSubmit={(e) => void submit(e)} aria-label={t('form')} noValidate>
        <h3 className="text-sm font-semibold text-fg">{t('whatIsDeleted')}</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-fg-muted" data-testid="delete-account-losses">
          <li>{user.email ? t('profileWithEmail', { email: user.email }) : t('profile')}</li>
          <li>{t('myList')}</li>
          <li>{t('likes')}</li>
          <li>{t('history')}</li>
          <li>{t.rich('coins', { coins, strong: (words) => <strong className="text-fg">{words}</strong> })}</li>
          {vip ? (
            <li className="font-semibold text-gold-200">
              {vip.kind === 'until' ? t('vipUntil', { date: formatDate(vip.date, locale) }) : t(vip.kind === 'lifetime' ? 'vipLifetime' : 'vip')}
            </li>
          ) : null}
        </ul>
        <p className="mt-3 text-sm text-fg-muted">{t('payments')}</p>

        <label htmlFor={inputId} className="mt-5 block text-sm font-medium text-fg">
          {t('typeToConfirm', { word: CONFIRM_WORD })}
        </label>
        <input
          id={inputId}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          aria-describedby={hintId}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          disabled={pending}
          className="mt-1.5 h-11 w-full rounded-xl border border-white/15 bg-ink-850 px-3.5 text-sm text-fg placeholder:text-fg-subtle focus:border-red-400 focus:outline-none focus:ring-2 focus:ring-red-400/40"
        />
        <p id={hintId} className="mt-1 text-xs text-fg-subtle">
          {t('hint')}
        </p>

        {error ? (
          <p role="alert" className="mt-4 rounded-xl border border-red-400/30 bg-red-500/10 px-3.5 py-2.5 text-sm text-red-200">
            {error}
          </p>
        ) : null}

        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button ref={cancelRef} type="button" className={buttonClass('secondary', 'md', 'sm:min-w-28')} onClick={close} disabled={pending}>
            {t('cancel')}
          </button>
          <button type="submit" className={dangerButtonClass('sm:min-w-36')} disabled={!confirmed || pending} aria-busy={pending || undefined}>
            {pending ? t('deleting') : t('submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
