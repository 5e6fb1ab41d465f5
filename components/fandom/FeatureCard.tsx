import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { TitleCard } from '@/lib/contracts/catalog';
import { movieHref } from '@/lib/routes';
import { truncate } from '@/lib/format';
import { HeartIcon } from '@/components/ui/icons';
import { PremiumBadge } from '@/components/ui/PremiumBadge';

/** An editorial card: the wide banner art, a kicker, the name and a line of the story. */
export function FeatureCard({ title, kicker, eager = false }: { title: TitleCard; kicker: string; eager?: boolean }) {
  const t = useTranslations('fandom');
  return (
    <Link
      href={movieHref(title)}
      className="group relative block overflow-hidden rounded-2xl bg-ink-800 shadow-card ring-1 ring-white/5 transition duration-300 hover:-translate-y-1 hover:shadow-glow hover:ring-kilig-400/30 motion-reduce:hover:translate-y-0"
    >
      <div className="aspect-video">
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img
          src={title.banner || title.thumbnail}
          alt=""
          width={640}
          height={360}
          loading={eager ? 'eager' : 'lazy'}
          className="size-full object-cover text-transparent transition-transform duration-500 group-hover:scale-[1.03] motion-reduce:group-hover:scale-100"
        />
      </div>
      <div className="absolute inset-0 bg-gradient-to-t from-ink-950 via-ink-950/85 to-ink-950/10" />
      <div className="absolute inset-x-0 bottom-0 p-4 md:p-5">
        <p className="flex items-center gap-2 text-[11px] font-semibold uppercase tracking-[0.18em] text-kilig-300">
          {kicker}
          {title.isPremium ? <PremiumBadge /> : null}
        </p>
        <h3 className="mt-1 font-display text-xl font-bold leading-tight text-white md:text-2xl">{title.name}</h3>
        <p className="mt-1 line-clamp-2 text-sm text-fg-muted">{truncate(title.description, 140)}</p>
        <p className="mt-2 inline-flex items-center gap-1.5 text-xs text-fg-muted">
          <HeartIcon size={13} className="text-kilig-400" /> {t('fans', { count: title.totalAddedToList })}
        </p>
      </div>
    </Link>
  );
}
