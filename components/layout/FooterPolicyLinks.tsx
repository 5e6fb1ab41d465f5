'use client';

import { useState, type MouseEvent } from 'react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { privacyHref, termsHref } from '@/lib/routes';
import { DialogLoading } from '@/components/dialogs/DialogLoading';
import type { PolicySlug } from '@/components/dialogs/PolicyDocument';

// The policy modal's code (the modal, the policy texts' loading) comes with its first opening, not with every page.
const PolicyModal = dynamic(() => import('@/components/dialogs/PolicyModal').then((m) => m.PolicyModal), { ssr: false, loading: DialogLoading });

const LINKS: { slug: PolicySlug; label: 'terms' | 'privacy'; href: string }[] = [
  { slug: 'terms', label: 'terms', href: termsHref() },
  { slug: 'privacy', label: 'privacy', href: privacyHref() },
];

/**
 * Terms and Privacy in the footer: real links to their pages (to share, to open in a new tab, and before the page
 * hydrates), which a plain click opens as the same modals the sign-up form shows, so the viewer stays where they were.
 */
export function FooterPolicyLinks({ className, linkClassName }: { className?: string; linkClassName?: string }) {
  const t = useTranslations('layout.footer');
  const [open, setOpen] = useState<PolicySlug | null>(null);

  const onClick = (slug: PolicySlug) => (e: MouseEvent<HTMLAnchorElement>) => {
    // A modified click (new tab, new window) keeps its usual meaning.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    setOpen(slug);
  };

  return (
    <>
      <ul className={className}>
        {LINKS.map(({ slug, label, href }) => (
          <li key={slug}>
            <Link href={href} onClick={onClick(slug)} className={linkClassName}>
              {t(label)}
            </Link>
          </li>
        ))}
      </ul>
      {open ? <PolicyModal slug={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
