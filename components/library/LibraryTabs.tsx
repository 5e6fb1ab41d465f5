import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { libraryHref } from '@/lib/routes';

export type LibraryTab = 'list' | 'history';

/** Tabs as links (?tab=history), so each tab has its own URL. */
export function LibraryTabs({ active }: { active: LibraryTab }) {
  const t = useTranslations('library.tabs');
  const tabs: { id: LibraryTab; label: string; href: string }[] = [
    { id: 'list', label: t('list'), href: libraryHref() },
    { id: 'history', label: t('history'), href: libraryHref('history') },
  ];
  return (
    <nav aria-label={t('label')} className="mb-6 border-b border-white/10">
      <ul className="flex gap-6">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              href={tab.href}
              prefetch={false}
              aria-current={tab.id === active ? 'page' : undefined}
              className={clsx(
                '-mb-px inline-flex h-11 items-center border-b-2 text-sm font-semibold transition-colors',
                tab.id === active ? 'border-kilig-400 text-fg' : 'border-transparent text-fg-muted hover:text-fg',
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
