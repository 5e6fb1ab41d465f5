'use client';

import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { CloseIcon } from '@/components/ui/icons';
import { isTopModal, pushModal, removeModal } from './modal-stack';

/**
 * The one modal of the global dialogs: portalled to <body>, role=dialog + aria-modal, labelled by its title, focus
 * moved in and trapped, Escape and a backdrop click close it, focus goes back to the opener. Modals stack (Terms over
 * the login dialog): only the top one answers keys.
 */

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hidden && el.getAttribute('aria-hidden') !== 'true');
}

let scrollLocks = 0;
let savedOverflow = '';
function lockScroll(): () => void {
  if (scrollLocks++ === 0) {
    savedOverflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
  }
  return () => {
    if (--scrollLocks === 0) document.documentElement.style.overflow = savedOverflow;
  };
}

export type ModalProps = {
  onClose: () => void;
  /** The visible title; the dialog is labelled by it. */
  title: ReactNode;
  /** Text under the title; the dialog is described by it. */
  description?: ReactNode;
  children: ReactNode;
  /** What gets focus on open (default: the first focusable element of the body, else the panel). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Extra classes for the panel (width). */
  className?: string;
  /** Stacks above other modals (a policy modal over the login dialog). */
  nested?: boolean;
  /** A footer that stays in view while the body scrolls. */
  footer?: ReactNode;
  /** The body scrolls inside the panel (long texts). */
  scrollBody?: boolean;
  testId?: string;
  closeLabel?: string;
};

export function Modal(props: ModalProps) {
  if (typeof document === 'undefined') return null;
  return createPortal(<ModalPanel {...props} />, document.body);
}

function ModalPanel({
  onClose,
  title,
  description,
  children,
  initialFocusRef,
  className,
  nested,
  footer,
  scrollBody,
  testId,
  closeLabel,
}: ModalProps) {
  const t = useTranslations('dialogs.modal');
  const id = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  // Read while rendering, before any effect moves focus into the dialog (also under Strict Mode's double effects).
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    pushModal(id);
    const unlock = lockScroll();
    const panel = panelRef.current!;
    const first = initialFocusRef?.current ?? (bodyRef.current && focusables(bodyRef.current)[0]) ?? panel;
    first.focus({ preventScroll: true });

    const onKeyDown = (e: KeyboardEvent) => {
      if (!isTopModal(id)) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusables(panel);
      if (items.length === 0) {
        e.preventDefault();
        panel.focus();
        return;
      }
      const [firstItem, lastItem] = [items[0], items[items.length - 1]];
      const active = document.activeElement;
      if (!panel.contains(active)) {
        e.preventDefault();
        (e.shiftKey ? lastItem : firstItem).focus();
      } else if (e.shiftKey && (active === firstItem || active === panel)) {
        e.preventDefault();
        lastItem.focus();
      } else if (!e.shiftKey && active === lastItem) {
        e.preventDefault();
        firstItem.focus();
      }
    };
    // Focus that leaves the top dialog (a click on the page behind, a script) is brought back.
    const onFocusIn = (e: FocusEvent) => {
      if (!isTopModal(id) || panel.contains(e.target as Node)) return;
      panel.focus({ preventScroll: true });
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      removeModal(id);
      unlock();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
    // Runs once per open: the panel mounts when the dialog opens and unmounts when it closes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;

  return (
    <div className={clsx('fixed inset-0 flex items-center justify-center p-3 sm:p-6', nested ? 'z-[60]' : 'z-50')}>
      <div
        aria-hidden="true"
        data-testid="modal-backdrop"
        className="fixed inset-0 bg-ink-950/75 backdrop-blur-sm transition-opacity duration-200 starting:opacity-0"
        onClick={() => onCloseRef.current()}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        data-testid={testId}
        className={clsx(
          'relative flex max-h-[calc(100dvh-1.5rem)] w-full flex-col overflow-hidden rounded-3xl border border-white/10 bg-ink-900 shadow-[0_30px_80px_-20px_rgb(0_0_0/0.9)] focus:outline-none sm:max-h-[calc(100dvh-3rem)] transition duration-200 ease-out starting:translate-y-2 starting:opacity-0 motion-reduce:transition-none',
          className,
        )}
      >
        <div className="flex items-start gap-3 px-5 pb-2 pt-5 sm:px-7 sm:pt-6">
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="font-display text-xl font-bold tracking-tight text-fg sm:text-2xl">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-fg-muted">
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            aria-label={closeLabel ?? t('close')}
            onClick={() => onCloseRef.current()}
            className="-mr-2 -mt-1 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-fg-muted transition-colors hover:bg-white/10 hover:text-fg"
          >
            <CloseIcon size={20} />
          </button>
        </div>
        <div ref={bodyRef} className={clsx('px-5 pb-5 pt-3 sm:px-7 sm:pb-7', scrollBody && 'min-h-0 flex-1 overflow-y-auto overscroll-contain')}>
          {children}
        </div>
        {footer ? <div className="border-t border-white/5 bg-ink-900 px-5 py-4 sm:px-7">{footer}</div> : null}
      </div>
    </div>
  );
}
