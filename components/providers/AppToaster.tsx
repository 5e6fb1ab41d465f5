'use client';

import { Toaster } from 'react-hot-toast';
import { TOAST_DURATIONS, TOAST_LIMIT } from '@/lib/constants';
import { useAnyModalOpen } from '@/components/dialogs/modal-stack';
import { ToastLimiter } from './ToastLimiter';

/** The top-centre toast area of the layout shell (spec §2) with the durations and limit of spec §9. */
export function AppToaster({ limit = TOAST_LIMIT }: { limit?: number }) {
  // Issue 22: a toast never covers a dialog's title; while a dialog is open toasts show at the bottom.
  const modalOpen = useAnyModalOpen();
  return (
    <>
      <Toaster
        position={modalOpen ? 'bottom-center' : 'top-center'}
        containerStyle={{ top: 72 }}
        toastOptions={{
          duration: TOAST_DURATIONS.blank,
          style: {
            background: '#1b1722',
            color: '#f6f2f8',
            border: '1px solid rgb(255 255 255 / 0.1)',
            borderRadius: '14px',
            fontSize: '14px',
            boxShadow: '0 12px 30px -12px rgb(0 0 0 / 0.8)',
          },
          blank: { duration: TOAST_DURATIONS.blank },
          error: { duration: TOAST_DURATIONS.error, iconTheme: { primary: '#ff5fa0', secondary: '#1b1722' } },
          custom: { duration: TOAST_DURATIONS.custom },
          success: { duration: TOAST_DURATIONS.success, iconTheme: { primary: '#e9b949', secondary: '#1b1722' } },
          loading: { duration: TOAST_DURATIONS.loading },
        }}
      />
      <ToastLimiter limit={limit} />
    </>
  );
}
