'use client';

import { resolveValue, useToaster, type DefaultToastOptions, type ToastType } from 'react-hot-toast/headless';
import { TOAST_DURATIONS, TOAST_LIMIT } from '@/lib/constants';
import { useAnyModalOpen } from '@/components/dialogs/modal-stack';
import { ToastLimiter } from './ToastLimiter';
import styles from './AppToaster.module.css';

/** Spec §9's durations by kind of toast. */
const TOAST_OPTIONS: DefaultToastOptions = {
  duration: TOAST_DURATIONS.blank,
  blank: { duration: TOAST_DURATIONS.blank },
  error: { duration: TOAST_DURATIONS.error },
  custom: { duration: TOAST_DURATIONS.custom },
  success: { duration: TOAST_DURATIONS.success },
  loading: { duration: TOAST_DURATIONS.loading },
};

/** The mark before a success or an error: a tick on the gold accent or a cross on the pink one (the CSS module). */
function ToastIcon({ type }: { type: ToastType }) {
  if (type !== 'success' && type !== 'error') return null;
  return (
    <svg className={styles.icon} data-type={type} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="10" />
      <path d={type === 'success' ? 'M5.8 10.4l2.7 2.7 5.7-5.9' : 'M6.5 6.5l7 7M13.5 6.5l-7 7'} />
    </svg>
  );
}

/**
 * The top-centre toast area of the layout shell (spec §2) with the durations and limit of spec §9. react-hot-toast's
 * headless entry keeps the toasts and their timers; this draws them (its styled Toaster would bring a CSS-in-JS
 * runtime into every page's first load: decision 0015, "The toaster drawn by us").
 */
export function AppToaster({ limit = TOAST_LIMIT }: { limit?: number }) {
  const { toasts, handlers } = useToaster(TOAST_OPTIONS);
  // Issue 22: a toast never covers a dialog's title; while a dialog is open toasts show at the bottom.
  const modalOpen = useAnyModalOpen();
  return (
    <>
      <div
        data-testid="toast-area"
        className={styles.area}
        data-position={modalOpen ? 'bottom' : 'top'}
        onMouseEnter={handlers.startPause}
        onMouseLeave={handlers.endPause}
      >
        {toasts.map((t) => (
          <div key={t.id} className={styles.toast} data-visible={t.visible ? 'true' : 'false'} data-type={t.type}>
            <ToastIcon type={t.type} />
            <div className={styles.message} {...t.ariaProps}>
              {resolveValue(t.message, t)}
            </div>
          </div>
        ))}
      </div>
      <ToastLimiter limit={limit} />
    </>
  );
}
