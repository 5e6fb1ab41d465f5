'use client';

import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { loadContentPages } from '@/store/auth/thunks';
import { selectContentPage, selectContentPagesStatus } from '@/store/auth/selectors';
import { buttonClass } from '@/components/ui/styles';
import { Modal } from './Modal';

export type PolicySlug = 'terms' | 'privacy';

/** Titles of spec §2 'Policy modals', shown while the text loads (the server's page carries the same title). */
export const POLICY_TITLES: Record<PolicySlug, string> = {
  terms: 'Mobile App Terms and Conditions',
  privacy: 'Mobile App Privacy Policy',
};

/**
 * Terms or Privacy over the sign-up form. Closes by the X, 'I Understand', a backdrop click or Escape;
 * 'I Understand' also accepts that one policy (`onUnderstood`).
 */
export function PolicyModal({ slug, onClose, onUnderstood }: { slug: PolicySlug; onClose: () => void; onUnderstood: () => void }) {
  const dispatch = useAppDispatch();
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
      title={page?.title ?? POLICY_TITLES[slug]}
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
              onUnderstood();
              onClose();
            }}
          >
            I Understand
          </button>
        </div>
      }
    >
      <div ref={bodyRef} tabIndex={-1} className="focus:outline-none" aria-busy={!page && status === 'pending'}>
        {page ? (
          <div className="space-y-6 text-sm leading-relaxed text-fg-muted">
            {page.sections.map((section, i) => (
              <section key={section.heading} aria-labelledby={`${slug}-section-${i}`}>
                <h3 id={`${slug}-section-${i}`} className="mb-2 text-base font-semibold text-fg">
                  <span className="mr-2 text-kilig-300">{i + 1}.</span>
                  {section.heading}
                </h3>
                {section.paragraphs.map((p, j) => (
                  <p key={j} className="mt-2 first:mt-0">
                    {p}
                  </p>
                ))}
              </section>
            ))}
          </div>
        ) : status === 'failed' ? (
          <div role="alert" className="rounded-2xl border border-white/10 bg-ink-850 p-5 text-sm text-fg-muted">
            <p>We could not load this page right now.</p>
            <button type="button" className={buttonClass('secondary', 'sm', 'mt-3')} onClick={() => void dispatch(loadContentPages())}>
              Try again
            </button>
          </div>
        ) : (
          <div className="space-y-5" aria-label="Loading" role="status">
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
