'use client';

import { useEffect, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { loadContentPages } from '@/store/auth/thunks';
import { selectContentPage, selectContentPagesStatus } from '@/store/auth/selectors';
import { buttonClass } from '@/components/ui/styles';
import { Modal } from './Modal';
import { PolicySections, type PolicySlug } from './PolicyDocument';

/**
 * Terms or Privacy over the sign-up form or the page (from the footer). Closes by the X, 'I Understand', a backdrop
 * click or Escape; over the sign-up form 'I Understand' also accepts that one policy (`onUnderstood`).
 */
export function PolicyModal({ slug, onClose, onUnderstood }: { slug: PolicySlug; onClose: () => void; onUnderstood?: () => void }) {
  const dispatch = useAppDispatch();
  const t = useTranslations('dialogs');
  const page = useAppSelector((state) => selectContentPage(state, slug));
  const status = useAppSelector(selectContentPagesStatus);
  const bodyRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void dispatch(loadContentPages());
  }, [dispatch]);

  return (
    <Modal
      nested
      scrollBody
      title={page?.title ?? t(`policy.${slug}`)}
      onClose={onClose}
      initialFocusRef={bodyRef}
      className="max-w-2xl"
      testId={`policy-modal-${slug}`}
      footer={
        <div className="flex justify-end">
          <button
            type="button"
            className={buttonClass('primary', 'md', 'w-full sm:w-auto')}
            onClick={() => {
              onUnderstood?.();
              onClose();
            }}
          >
            {t('policy.understood')}
          </button>
        </div>
      }
    >
      <div ref={bodyRef} tabIndex={-1} className="focus:outline-none" aria-busy={!page && status === 'pending'}>
        {page ? (
          <PolicySections page={page} headingLevel={3} />
        ) : status === 'failed' ? (
          <div role="alert" className="rounded-2xl border border-white/10 bg-ink-850 p-5 text-sm text-fg-muted">
            <p>{t('policy.loadFailed')}</p>
            <button type="button" className={buttonClass('secondary', 'sm', 'mt-3')} onClick={() => void dispatch(loadContentPages())}>
              {t('policy.tryAgain')}
            </button>
          </div>
        ) : (
          <div className="space-y-5" aria-label={t('modal.loading')} role="status">
            {[0, 1, 2].map((i) => (
              <div key={i} className="space-y-2">
                <div className="h-4 w-1/3 animate-pulse rounded bg-white/10" />
                <div className="h-3 w-full animate-pulse rounded bg-white/5" />
                <div className="h-3 w-5/6 animate-pulse rounded bg-white/5" />
              </div>
            ))}
          </div>
        )}
      </div>
    </Modal>
  );
}
