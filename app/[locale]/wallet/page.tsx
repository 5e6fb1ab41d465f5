import type { Metadata } from 'next';
import { publicEnv } from '@/lib/env';
import { pageMetadata } from '@/lib/page-metadata';
import { walletHref } from '@/lib/routes';
import { WalletPanel } from '@/components/wallet/WalletPanel';
import { WalletHistory } from '@/components/wallet/WalletHistory';
import { CrownIcon, LockIcon, PlayIcon } from '@/components/ui/icons';
import { containerClass } from '@/components/ui/styles';
import { enterLocale, type LocaleParams } from '@/i18n/server';

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const locale = await enterLocale(params);
  return pageMetadata({
    locale,
    path: walletHref(),
    description: 'Your coin balance: coins unlock premium episodes. Top up in pesos with a card or an e-wallet.',
    noindex: true,
  });
}

const HOW = [
  {
    icon: LockIcon,
    title: 'Unlock one episode at a time',
    text: 'Premium episodes show their coin price. Spend coins once and that episode stays unlocked for you.',
  },
  {
    icon: PlayIcon,
    title: 'Watch again any time',
    text: 'An unlocked episode is yours to rewatch; you are never charged twice for the same episode.',
  },
  {
    icon: CrownIcon,
    title: 'Or go VIP',
    text: 'A VIP subscription unlocks every premium episode without coins, for as long as it lasts.',
  },
];

export default async function WalletPage({ params }: { params: Promise<LocaleParams> }) {
  await enterLocale(params);
  const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;
  return (
    <div className={containerClass}>
      <div className="pb-6 pt-8 md:pt-12">
        <p className="mb-2 text-xs font-semibold uppercase tracking-[0.2em] text-gold-300">Wallet</p>
        <h1 className="font-display text-3xl font-bold tracking-tight md:text-5xl">Your Wallet at {brand}</h1>
        <p className="mt-3 max-w-2xl text-fg-muted">
          Coins unlock premium episodes of the series you love. Top up in pesos with a card or an e-wallet.
        </p>
      </div>
      <WalletPanel />
      <WalletHistory />
      <section aria-labelledby="how-coins" className="mt-12">
        <h2 id="how-coins" className="text-xl font-semibold tracking-tight md:text-2xl">
          How coins work
        </h2>
        <ul className="mt-5 grid gap-4 md:grid-cols-3">
          {HOW.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-white/5 bg-ink-900/70 p-6">
              <span className="inline-flex size-10 items-center justify-center rounded-xl bg-kilig-600/15 text-kilig-300">
                <Icon size={20} />
              </span>
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-fg-muted">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
