import { Fragment } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';

export type Crumb = { label: string; href?: string };

/** 'Home / {title}' (spec §2 Movie detail page); the last crumb is the current page. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  const t = useTranslations('movie');
  return (
    <nav aria-label={t('breadcrumb')} className="text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-fg-muted">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <Fragment key={`${item.label}-${i}`}>
              <li className={last ? 'min-w-0 truncate font-medium text-fg' : undefined}>
                {item.href && !last ? (
                  <Link href={item.href} className="hover:text-fg hover:underline">
                    {item.label}
                  </Link>
                ) : (
                  <span aria-current={last ? 'page' : undefined}>{item.label}</span>
                )}
              </li>
              {last ? null : (
                <li aria-hidden className="text-fg-subtle">
                  /
                </li>
              )}
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
