import { describe, expect, it, vi } from 'vitest';
import { localeParams } from '@/tests/fixtures/intl-server';
import { generateMetadata as privacyMetadata } from './privacy/page';
import { generateMetadata as termsMetadata } from './terms/page';
import { generateMetadata as fullEpisodesMetadata } from './full-episodes/[slug]/page';

vi.mock('next-intl/server', async () => (await import('@/tests/fixtures/intl-server')).nextIntlServerMock);
vi.mock('@/lib/server/cache', () => ({
  getTitle: async () => ({
    _id: '0123456789abcdef01234567',
    name: 'Mga Lihim',
    description: 'A secret.',
    thumbnail: '/demo/art/t1.svg',
    episodes: [1, 2, 3].map((episodeNumber) => ({ episodeNumber })),
  }),
}));

const title = (meta: { title?: unknown }) => (meta.title as { absolute: string }).absolute;

describe("pages' metadata in both languages", () => {
  it('privacy and terms: the policy titles and descriptions (their text stays as the database has it)', async () => {
    const [privacyFil, termsFil, privacyEn, termsEn] = await Promise.all([
      privacyMetadata({ params: localeParams('fil') }),
      termsMetadata({ params: localeParams('fil') }),
      privacyMetadata({ params: localeParams('en') }),
      termsMetadata({ params: localeParams('en') }),
    ]);
    expect(privacyFil.description).toMatch(/^Kung paano kinokolekta, ginagamit at pinoprotektahan ng /);
    expect(termsFil.description).toMatch(/para sa adults na 18\+ lang/);
    expect(title(privacyEn)).toMatch(/^Mobile App Privacy Policy \| /);
    expect(title(termsEn)).toMatch(/^Mobile App Terms and Conditions \| /);
    expect(termsEn.description).toMatch(/^The terms of using .+: adults 18\+ only, your account, DRM, subscriptions and coins, governed by the laws of the Philippines\.$/);
    expect(privacyEn.description).toMatch(/^How .+ collects, uses and protects your information, and the rights you have over it\.$/);
  });

  it('full episodes: title and description with the count', async () => {
    const params = (locale: 'en' | 'fil') => localeParams(locale, { slug: 'Mga-Lihim-0123456789abcdef01234567' });
    const fil = await fullEpisodesMetadata({ params: params('fil') });
    const en = await fullEpisodesMetadata({ params: params('en') });
    expect(title(fil)).toMatch(/^Lahat ng episode ng Mga Lihim \| /);
    expect(fil.description).toMatch(/ na episode ng Mga Lihim\. A secret\.$/);
    expect(title(en)).toMatch(/^All episodes of Mga Lihim \| /);
    expect(en.description).toMatch(/ episodes of Mga Lihim\. A secret\.$/);
  });
});
