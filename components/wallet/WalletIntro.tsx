'use client';

import { useTranslations } from 'next-intl';
import { publicEnv } from '@/lib/public-env';
import { CrownIcon, LockIcon, PlayIcon } from '@/components/ui/icons';

/** The wallet page's heading and introduction, in the page's language. */
export function WalletIntro() {
  const t = useTranslations('wallet.intro');
  return (
    <div className="pb-6 pt-8 md:pt-12">
      <p className="mb-2 text-xs font-semibold uppercase tracking-[0.2em] text-gold-300">{t('eyebrow')}</p>
      <h1 className="font-display text-3xl font-bold tracking-tight md:text-5xl">{t('title', { brand: publicEnv.NEXT_PUBLIC_BRAND_NAME })}</h1>
      <p className="mt-3 max-w-2xl text-fg-muted">{t('text')}</p>
    </div>
  );
}

const HOW = [
  { key: 'unlock', icon: LockIcon },
  { key: 'rewatch', icon: PlayIcon },
  { key: 'vip', icon: CrownIcon },
] as const;

/** 'How coins work': three short cards under the wallet. */
export function HowCoinsWork() {
  const t = useTranslations('wallet.how');
  return (
    <section aria-labelledby="how-coins" className="mt-12">
      <h2 id="how-coins" className="text-xl font-semibold tracking-tight md:text-2xl">
        {t('title')}
      </h2>
      <ul className="mt-5 grid gap-4 md:grid-cols-3">
        {HOW.map(({ key, icon: Icon }) => (
          <li key={key} className="rounded-2xl border border-white/5 bg-ink-900/70 p-6">
            <span className="inline-flex size-10 items-center justify-center rounded-xl bg-kilig-600/15 text-kilig-300">
              <Icon size={20} />
            </span>
            <h3 className="mt-4 font-semibold">{t(`${key}.title`)}</h3>
            <p className="mt-2 text-sm leading-relaxed text-fg-muted">{t(`${key}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
