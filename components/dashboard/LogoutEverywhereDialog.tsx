'use client';

import { useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useAppDispatch } from '@/store/hooks';
import { logOutEverywhere } from '@/store/auth/thunks';
import { homeHref } from '@/lib/routes';
import { buttonClass } from '@/components/ui/styles';
import { Modal } from '@/components/dialogs/Modal';

/** Confirms 'Log out everywhere': every device's session ends, this one's too, then home. Loaded on demand. */
export function LogoutEverywhereDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const t = useTranslations('dashboard.logoutEverywhereDialog');

  const close = () => {
    if (!pending) onClose();
  };

  const confirm = async () => {
    setPending(true);
    setError(null);
    const result = await dispatch(logOutEverywhere());
    if (logOutEverywhere.fulfilled.match(result)) {
      router.push(homeHref());
      return;
    }
    setPending(false);
    setError(result.payload ?? t('failed'));
  };

  return (
    <Modal
      onClose={close}
      title={t('title')}
      description={t('description')}
      initialFocusRef={cancelRef}
      className="max-w-md"
      testId="logout-everywhere-dialog"
    >
      {error ? (
        <p role="alert" className="mb-4 rounded-xl border border-red-400/30 bg-red-500/10 px-3.5 py-2.5 text-sm text-red-200">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button ref={cancelRef} type="button" className={buttonClass('secondary', 'md', 'sm:min-w-28')} onClick={close} disabled={pending}>
          {t('cancel')}
        </button>
        <button type="button" className={buttonClass('primary', 'md', 'sm:min-w-28')} onClick={() => void confirm()} disabled={pending} aria-busy={pending || undefined}>
          {pending ? t('pending') : t('confirm')}
        </button>
      </div>
    </Modal>
  );
}
