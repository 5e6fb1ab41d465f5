'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { publicEnv } from '@/lib/public-env';
import { PageHeading } from '@/components/ui/PageHeading';
import { AppleIcon } from '@/components/ui/icons';
import { containerClass } from '@/components/ui/styles';
import { InstallHere } from './InstallHere';

/** iOS's Share symbol (a tray with an arrow up), drawn beside the step that names it. */
function IosShareIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable={false} className="mx-1 inline-block align-[-3px] text-sky-300">
      <path d="M12 3v12M8 7l4-4 4 4M6 11H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-8a1 1 0 0 0-1-1h-1" />
    </svg>
  );
}

/** Android's robot, simplified. */
function AndroidIcon() {
  return (
    <svg width={22} height={22} viewBox="0 0 24 24" aria-hidden focusable={false}>
      <path d="M8.6 4.2 7.4 2.6M15.4 4.2l1.2-1.6" stroke="currentColor" strokeWidth={1.4} strokeLinecap="round" />
      <path d="M6.5 10a5.5 5.5 0 0 1 11 0Z" fill="currentColor" />
      <rect x="6.5" y="11" width="11" height="8.5" rx="1.8" fill="currentColor" />
      <circle cx="9.6" cy="7.6" r=".9" fill="#0e0c13" />
      <circle cx="14.4" cy="7.6" r=".9" fill="#0e0c13" />
    </svg>
  );
}

/**
 * The install page (/install): how to add the site to the Home Screen on iPhone (Safari has no install prompt: Share →
 * Add to Home Screen) and on Android, with the browser's own 'Install app' where it offers one. A client component, for
 * the page's language (see StoreButtons).
 */
export function InstallGuide() {
  const t = useTranslations('pwa.installPage');
  const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;
  return (
    <div className={containerClass}>
      <PageHeading eyebrow={t('eyebrow', { brand })} title={t('title')}>
        <p>{t('intro', { brand })}</p>
      </PageHeading>
      <InstallHere />
      <div className="grid gap-4 md:grid-cols-2">
        <Platform id="install-iphone" icon={<AppleIcon size={22} />} title={t('iphone.title')} browser={t('iphone.browser')}>
          <li>{t('iphone.step1', { brand })}</li>
          <li>
            <IosShareIcon />
            {t('iphone.step2')}
          </li>
          <li>{t('iphone.step3')}</li>
          <li>{t('iphone.step4', { brand })}</li>
        </Platform>
        <Platform id="install-android" icon={<AndroidIcon />} title={t('android.title')} browser={t('android.browser')}>
          <li>{t('android.step1', { brand })}</li>
          <li>{t('android.step2')}</li>
          <li>{t('android.step3')}</li>
        </Platform>
      </div>
      <p className="mt-6 max-w-2xl text-sm text-fg-muted">{t('note')}</p>
    </div>
  );
}

function Platform({ id, icon, title, browser, children }: { id: string; icon: ReactNode; title: string; browser: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-white/5 bg-ink-900/70 p-6">
      <h2 id={id} className="flex items-center gap-3 text-lg font-semibold">
        <span className="inline-flex size-11 items-center justify-center rounded-xl bg-kilig-600/15 text-kilig-300">{icon}</span>
        {title}
      </h2>
      <p className="mt-4 text-sm font-semibold text-fg">{browser}</p>
      <ol className="mt-2 list-decimal space-y-2 pl-5 text-sm leading-relaxed text-fg-muted marker:text-kilig-300">{children}</ol>
    </section>
  );
}
