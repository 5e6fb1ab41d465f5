'use client';

import { useRef } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { logOut } from '@/store/auth/thunks';
import { logoutDialogClosed } from '@/store/ui/slice';
import { selectLogoutDialogOpen } from '@/store/ui/selectors';
import { homeHref } from '@/lib/routes';
import { buttonClass } from '@/components/ui/styles';
import { Modal } from './Modal';

/** Spec §2 Top bar: confirming clears isAuth, user and token, closes the dialog and goes to /. */
export function LogoutDialog() {
  const open = useAppSelector(selectLogoutDialogOpen);
  return open ? <LogoutDialogPanel /> : null;
}

function LogoutDialogPanel() {
  const dispatch = useAppDispatch();
  const t = useTranslations('dialogs.logoutDialog');
  const router = useRouter();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const close = () => dispatch(logoutDialogClosed());

  const confirm = async () => {
    await dispatch(logOut());
    router.push(homeHref());
  };

  return (
    <Modal
      onClose={close}
      title={t('title')}
      description={t('description')}
      initialFocusRef={cancelRef}
      className="max-w-sm"
      testId="logout-dialog"
    >
      <div className="mt-3 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button ref={cancelRef} type="button" className={buttonClass('secondary', 'md', 'sm:min-w-28')} onClick={close}>
          {t('cancel')}
        </button>
        <button type="button" className={buttonClass('primary', 'md', 'sm:min-w-28')} onClick={() => void confirm()}>
          {t('confirm')}
        </button>
      </div>
    </Modal>
  );
}
