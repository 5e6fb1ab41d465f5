import type { Metadata } from 'next';
import Link from 'next/link';
import { publicEnv } from '@/lib/env';
import { MINIMUM_AGE } from '@/lib/constants';
import { pageMetadata } from '@/lib/page-metadata';
import { aboutHref, genresHref, subscriptionHref } from '@/lib/routes';
import { PageHeading } from '@/components/ui/PageHeading';
import { FilmIcon, HeartIcon, LockIcon, MailIcon, PinIcon, SparkIcon } from '@/components/ui/icons';
import { buttonClass, containerClass } from '@/components/ui/styles';
import { enterLocale, type LocaleParams } from '@/i18n/server';

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const locale = await enterLocale(params);
  return pageMetadata({
    locale,
    path: aboutHref(),
    description: `About ${publicEnv.NEXT_PUBLIC_BRAND_NAME}: short vertical dramas made in the Philippines for viewers ${MINIMUM_AGE}+, DRM-protected and priced in pesos.`,
  });
}

const PILLARS = [
  {
    icon: FilmIcon,
    title: 'Made for your phone',
    text: 'Every episode is shot vertical and runs a few minutes, so a whole story fits into a commute or a coffee break.',
  },
  {
    icon: HeartIcon,
    title: 'Stories that give you kilig',
    text: 'Romance, revenge, office secrets and family drama, told with the twists and feelings Filipino viewers love.',
  },
  {
    icon: LockIcon,
    title: 'Safe and protected',
    text: 'Episodes are DRM-protected and payments go through licensed Philippine payment providers, priced in pesos.',
  },
];

export default async function AboutPage({ params }: { params: Promise<LocaleParams> }) {
  await enterLocale(params);
  const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;
  return (
    <div className={containerClass}>
      <PageHeading eyebrow={`About ${brand}`} title="Short dramas, big feelings.">
        <p>
          <em>Kilig</em> is that rush you feel when the story finally clicks: the glance, the confession, the twist you
          saw coming and still screamed at. {brand} exists to give you that feeling in minutes, not hours.
        </p>
      </PageHeading>

      <ul className="grid gap-4 md:grid-cols-3">
        {PILLARS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-2xl border border-white/5 bg-ink-900/70 p-6">
            <span className="inline-flex size-11 items-center justify-center rounded-xl bg-kilig-600/15 text-kilig-300">
              <Icon size={22} />
            </span>
            <h2 className="mt-4 text-lg font-semibold">{title}</h2>
            <p className="mt-2 text-sm leading-relaxed text-fg-muted">{text}</p>
          </li>
        ))}
      </ul>

      <section aria-labelledby="story" className="mt-14 grid gap-10 md:grid-cols-2">
        <div>
          <h2 id="story" className="font-display text-2xl font-bold md:text-3xl">
            Our story
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed text-fg-muted">
            <p>
              We started {brand} in Quezon City with a simple idea: the stories people binge on their phones deserve to
              be made properly, by local writers, directors and actors, and to be easy to watch wherever you are.
            </p>
            <p>
              Browse for free and watch the first episodes of every series. When you are hooked, unlock the rest with
              coins, buy a single premium title, or go VIP for everything.
            </p>
          </div>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link href={genresHref()} className={buttonClass('primary')}>
              Start watching
            </Link>
            <Link href={subscriptionHref()} className={buttonClass('vip')}>
              <SparkIcon size={16} /> Go VIP
            </Link>
          </div>
        </div>

        <div className="space-y-4">
          <section
            aria-labelledby="adults-only"
            className="rounded-2xl border border-kilig-400/25 bg-gradient-to-br from-kilig-800/40 to-ink-900 p-6"
          >
            <p className="inline-flex size-12 items-center justify-center rounded-full border-2 border-kilig-300 font-bold text-kilig-200">
              {MINIMUM_AGE}+
            </p>
            <h2 id="adults-only" className="mt-3 text-lg font-semibold">
              For adults only
            </h2>
            <p className="mt-2 text-sm leading-relaxed text-fg-muted">
              {brand} is for viewers aged {MINIMUM_AGE} and over. Some titles contain mature themes, sensuality and
              strong language. By creating an account you confirm you are at least {MINIMUM_AGE} years old; we may ask
              for age verification before some purchases.
            </p>
          </section>

          <section aria-labelledby="contact" className="rounded-2xl border border-white/5 bg-ink-900/70 p-6">
            <h2 id="contact" className="text-lg font-semibold">
              Contact us
            </h2>
            <ul className="mt-3 space-y-3 text-sm text-fg-muted">
              <li className="flex items-start gap-2">
                <MailIcon size={18} className="mt-0.5 shrink-0 text-kilig-300" />
                <a href={`mailto:${publicEnv.NEXT_PUBLIC_CONTACT_EMAIL}`} className="hover:text-fg hover:underline">
                  {publicEnv.NEXT_PUBLIC_CONTACT_EMAIL}
                </a>
              </li>
              <li className="flex items-start gap-2">
                <PinIcon size={18} className="mt-0.5 shrink-0 text-kilig-300" />
                <address className="not-italic">{publicEnv.NEXT_PUBLIC_POSTAL_ADDRESS}</address>
              </li>
            </ul>
          </section>
        </div>
      </section>
    </div>
  );
}
