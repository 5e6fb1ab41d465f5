import type { Metadata } from 'next';
import { publicEnv } from '@/lib/env';
import { pageTitleMetadata } from '@/lib/page-titles';
import { SubscriptionStatus } from '@/components/subscription/SubscriptionStatus';
import { SubscriptionDialogOpener } from '@/components/subscription/SubscriptionDialogOpener';
import { CrownIcon, FilmIcon, LockIcon, PlayIcon, SparkIcon } from '@/components/ui/icons';
import { containerClass } from '@/components/ui/styles';
import { enterLocale, type LocaleParams } from '@/i18n/server';

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  return pageTitleMetadata('/subscription', await enterLocale(params));
}

/** The three VIP features of spec §2 (Subscription dialog). */
const BENEFITS = [
  {
    icon: FilmIcon,
    title: 'Unlimited movie access',
    text: 'Every premium movie and every locked episode of every series, with no coins needed.',
  },
  {
    icon: SparkIcon,
    title: 'HD quality streaming',
    text: 'Crisp 720p vertical video that adapts to your connection, on mobile data or Wi-Fi.',
  },
  {
    icon: PlayIcon,
    title: 'Ad-free experience',
    text: 'No interruptions between episodes. Just the story, from the first glance to the final twist.',
  },
];

const STEPS = [
  { title: 'Choose your plan', text: 'Pick how long you want VIP access, priced in Philippine pesos.' },
  { title: 'Pay your way', text: 'Credit and debit cards, or digital wallets like GCash, Maya and GrabPay.' },
  { title: 'Start watching', text: 'Access switches on as soon as your payment is confirmed.' },
];

export default async function SubscriptionPage({ params }: { params: Promise<LocaleParams> }) {
  await enterLocale(params);
  const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;
  return (
    <div className={containerClass}>
      <section aria-labelledby="vip-heading" className="relative overflow-hidden rounded-3xl border border-gold-400/20 bg-gradient-to-br from-gold-900/50 via-ink-900 to-kilig-800/40 px-6 py-10 mt-6 md:mt-10 md:px-12 md:py-14">
        <CrownIcon size={220} className="pointer-events-none absolute -right-10 -top-10 text-gold-400/10" />
        <p className="inline-flex items-center gap-2 rounded-full bg-gold-400/15 px-3 py-1 text-xs font-semibold uppercase tracking-[0.18em] text-gold-300">
          <CrownIcon size={14} /> {brand} VIP
        </p>
        <h1 id="vip-heading" className="mt-4 max-w-3xl text-balance font-display text-3xl font-bold leading-tight md:text-5xl">
          Premium Subscription - Unlock exclusive content
        </h1>
        <p className="mt-4 max-w-2xl leading-relaxed text-fg-muted">
          Go VIP and every premium title on {brand} is yours to watch: all episodes, all series, as often as you like.
        </p>
      </section>

      <div className="mt-6">
        <SubscriptionStatus />
        <SubscriptionDialogOpener />
      </div>

      <section aria-labelledby="benefits-heading" className="mt-12">
        <h2 id="benefits-heading" className="text-xl font-semibold tracking-tight md:text-2xl">
          What VIP includes
        </h2>
        <ul className="mt-5 grid gap-4 md:grid-cols-3">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-2xl border border-white/5 bg-ink-900/70 p-6 transition duration-300 hover:-translate-y-0.5 hover:border-gold-400/30 motion-reduce:hover:translate-y-0"
            >
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-gold-400/15 text-gold-300">
                <Icon size={22} />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-fg-muted">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-heading" className="mt-12 grid gap-8 md:grid-cols-[1fr_1.2fr]">
        <div>
          <h2 id="how-heading" className="text-xl font-semibold tracking-tight md:text-2xl">
            How it works
          </h2>
          <ol className="mt-5 space-y-4">
            {STEPS.map((step, i) => (
              <li key={step.title} className="flex gap-4">
                <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-kilig-600 font-bold text-white">
                  {i + 1}
                </span>
                <div>
                  <h3 className="font-semibold">{step.title}</h3>
                  <p className="mt-0.5 text-sm text-fg-muted">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
        <div className="rounded-2xl border border-white/5 bg-ink-900/70 p-6">
          <h2 className="text-lg font-semibold">Free Plan or VIP?</h2>
          <table className="mt-4 w-full text-left text-sm">
            <caption className="sr-only">What each plan includes</caption>
            <thead>
              <tr className="border-b border-white/10 text-fg-subtle">
                <th scope="col" className="py-2 font-medium">Feature</th>
                <th scope="col" className="py-2 text-center font-medium">Free Plan</th>
                <th scope="col" className="py-2 text-center font-medium text-gold-300">VIP</th>
              </tr>
            </thead>
            <tbody className="text-fg-muted">
              {[
                ['Trailers and free episodes', true, true],
                ['Premium episodes', false, true],
                ['Premium movies', false, true],
                ['HD quality streaming', false, true],
                ['Ad-free experience', false, true],
              ].map(([feature, free, vip]) => (
                <tr key={String(feature)} className="border-b border-white/5">
                  <th scope="row" className="py-2.5 font-normal text-fg">{feature}</th>
                  <td className="py-2.5 text-center">{free ? 'Yes' : 'No'}</td>
                  <td className="py-2.5 text-center font-semibold text-gold-300">{vip ? 'Yes' : 'No'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-4 flex items-center gap-2 text-xs text-fg-subtle">
            <LockIcon size={14} /> Secure payment via a card payment provider. Cancel anytime in your account settings.
          </p>
        </div>
      </section>
    </div>
  );
}
