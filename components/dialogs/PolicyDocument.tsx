import type { ContentPage } from '@/lib/contracts/auth';
import { PageHeading } from '@/components/ui/PageHeading';
import { containerClass } from '@/components/ui/styles';

export type PolicySlug = 'terms' | 'privacy';

/** Titles of spec §2 'Policy modals', shown while the text loads (the server's page carries the same title). */
export const POLICY_TITLES: Record<PolicySlug, string> = {
  terms: 'Mobile App Terms and Conditions',
  privacy: 'Mobile App Privacy Policy',
};

/**
 * A policy's numbered sections, the same in the modal and on its own page. `headingLevel`: 3 under the modal's h2
 * title, 2 under the page's h1.
 */
export function PolicySections({ page, headingLevel }: { page: ContentPage; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="space-y-6 text-sm leading-relaxed text-fg-muted">
      {page.sections.map((section, i) => (
        <section key={section.heading} aria-labelledby={`${page.slug}-section-${i}`}>
          <Heading id={`${page.slug}-section-${i}`} className="mb-2 text-base font-semibold text-fg">
            <span className="mr-2 text-kilig-300">{i + 1}.</span>
            {section.heading}
          </Heading>
          {section.paragraphs.map((p, j) => (
            <p key={j} className="mt-2 first:mt-0">
              {p}
            </p>
          ))}
        </section>
      ))}
    </div>
  );
}

/** A policy as a page of its own (/terms, /privacy): the text the modal shows, under the page's h1. */
export function PolicyArticle({ page }: { page: ContentPage }) {
  return (
    <div className={containerClass}>
      <article className="max-w-3xl pb-12">
        <PageHeading title={page.title} />
        <PolicySections page={page} headingLevel={2} />
      </article>
    </div>
  );
}
