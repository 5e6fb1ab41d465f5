import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { Episode } from '@/lib/contracts/catalog';
import { episodeHref, type TitleRef } from '@/lib/routes';
import { formatDuration } from '@/lib/format';
import { PremiumBadge } from '@/components/ui/PremiumBadge';
import { ClockIcon, PlayIcon } from '@/components/ui/icons';
import { episodeTitle } from './episode-labels';

/** Episode tile: thumbnail, number, PREMIUM badge, duration, title and description (spec §2). */
export function EpisodeTile({ title, episode, eager = false }: { title: TitleRef; episode: Episode; eager?: boolean }) {
  const t = useTranslations('movie.tile');
  const tc = useTranslations('common');
  const isTrailer = episode.episodeNumber === 0;
  const name = episodeTitle(tc, episode);
  return (
    <Link
      href={episodeHref(title, episode.episodeNumber)}
      className="group flex gap-3 rounded-2xl border border-white/5 bg-ink-900/70 p-2.5 transition duration-200 hover:-translate-y-0.5 hover:border-kilig-400/30 hover:bg-ink-800/80 motion-reduce:hover:translate-y-0"
    >
      <div className="relative aspect-[9/16] w-[4.5rem] shrink-0 overflow-hidden rounded-xl bg-ink-700 sm:w-20">
        {episode.thumbnail ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={episode.thumbnail}
            alt=""
            width={80}
            height={142}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="size-full object-cover text-transparent"
          />
        ) : null}
        <span className="absolute inset-0 flex items-center justify-center bg-black/25 opacity-0 transition-opacity group-hover:opacity-100">
          <PlayIcon size={22} className="text-white" />
        </span>
        <span className="absolute left-1 top-1 rounded bg-black/65 px-1 text-[10px] font-bold text-white">
          {isTrailer ? t('trailerBadge') : t('episodeBadge', { number: episode.episodeNumber })}
        </span>
      </div>
      <div className="min-w-0 flex-1 py-0.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-fg-subtle">
          <span className="font-semibold text-kilig-300">{isTrailer ? t('officialTrailer') : tc('episode', { number: episode.episodeNumber })}</span>
          {episode.duration > 0 ? (
            <span className="inline-flex items-center gap-1">
              <ClockIcon size={12} />
              <span className="sr-only">{t('duration')}</span>
              {formatDuration(episode.duration)}
            </span>
          ) : null}
          {episode.isPremium ? <PremiumBadge /> : null}
        </div>
        <h3 className="mt-1 line-clamp-1 text-sm font-semibold text-fg group-hover:text-kilig-200">{name}</h3>
        {episode.description ? (
          <p className="mt-1 line-clamp-2 text-xs leading-relaxed text-fg-muted">{episode.description}</p>
        ) : null}
      </div>
    </Link>
  );
}

export function EpisodeGrid({ title, episodes }: { title: TitleRef; episodes: Episode[] }) {
  return (
    <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
      {episodes.map((ep, i) => (
        <li key={ep._id}>
          <EpisodeTile title={title} episode={ep} eager={i < 4} />
        </li>
      ))}
    </ul>
  );
}
