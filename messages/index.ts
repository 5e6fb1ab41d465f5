/**
 * The interface's words, one file per namespace and language (messages/<locale>/<namespace>.json, ICU message
 * syntax). A namespace is named after the folder whose components use it; the studio stays English and has none.
 * English is the source: its files define the keys (typed for useTranslations through global.d.ts), and
 * messages/messages.test.ts fails when a Filipino file lacks a key, has one English lacks, or breaks a placeholder.
 */
import type { Tree } from './tree';
import en_common from './en/common.json';
import fil_common from './fil/common.json';
import en_layout from './en/layout.json';
import fil_layout from './fil/layout.json';
import en_home from './en/home.json';
import fil_home from './fil/home.json';
import en_catalog from './en/catalog.json';
import fil_catalog from './fil/catalog.json';
import en_movie from './en/movie.json';
import fil_movie from './fil/movie.json';
import en_search from './en/search.json';
import fil_search from './fil/search.json';
import en_artist from './en/artist.json';
import fil_artist from './fil/artist.json';
import en_fandom from './en/fandom.json';
import fil_fandom from './fil/fandom.json';
import en_library from './en/library.json';
import fil_library from './fil/library.json';
import en_auth from './en/auth.json';
import fil_auth from './fil/auth.json';
import en_dialogs from './en/dialogs.json';
import fil_dialogs from './fil/dialogs.json';
import en_dashboard from './en/dashboard.json';
import fil_dashboard from './fil/dashboard.json';
import en_wallet from './en/wallet.json';
import fil_wallet from './fil/wallet.json';
import en_coins from './en/coins.json';
import fil_coins from './fil/coins.json';
import en_premium from './en/premium.json';
import fil_premium from './fil/premium.json';
import en_subscription from './en/subscription.json';
import fil_subscription from './fil/subscription.json';
import en_checkout from './en/checkout.json';
import fil_checkout from './fil/checkout.json';
import en_episode from './en/episode.json';
import fil_episode from './fil/episode.json';
import en_player from './en/player.json';
import fil_player from './fil/player.json';
import en_toasts from './en/toasts.json';
import fil_toasts from './fil/toasts.json';
import en_errors from './en/errors.json';
import fil_errors from './fil/errors.json';
import en_pages from './en/pages.json';
import fil_pages from './fil/pages.json';
import en_pwa from './en/pwa.json';
import fil_pwa from './fil/pwa.json';

export const en = {
  common: en_common,
  layout: en_layout,
  home: en_home,
  catalog: en_catalog,
  movie: en_movie,
  search: en_search,
  artist: en_artist,
  fandom: en_fandom,
  library: en_library,
  auth: en_auth,
  dialogs: en_dialogs,
  dashboard: en_dashboard,
  wallet: en_wallet,
  coins: en_coins,
  premium: en_premium,
  subscription: en_subscription,
  checkout: en_checkout,
  episode: en_episode,
  player: en_player,
  toasts: en_toasts,
  errors: en_errors,
  pages: en_pages,
  pwa: en_pwa,
};

export type Messages = typeof en;

/** Filipino: each namespace must have exactly English's keys (messages/messages.test.ts). */
export const fil: Messages = {
  common: fil_common as Messages['common'],
  layout: fil_layout as Messages['layout'],
  home: fil_home as Messages['home'],
  catalog: fil_catalog as Messages['catalog'],
  movie: fil_movie as Messages['movie'],
  search: fil_search as Messages['search'],
  artist: fil_artist as Messages['artist'],
  fandom: fil_fandom as Messages['fandom'],
  library: fil_library as Messages['library'],
  auth: fil_auth as Messages['auth'],
  dialogs: fil_dialogs as Messages['dialogs'],
  dashboard: fil_dashboard as Messages['dashboard'],
  wallet: fil_wallet as Messages['wallet'],
  coins: fil_coins as Messages['coins'],
  premium: fil_premium as Messages['premium'],
  subscription: fil_subscription as Messages['subscription'],
  checkout: fil_checkout as Messages['checkout'],
  episode: fil_episode as Messages['episode'],
  player: fil_player as Messages['player'],
  toasts: fil_toasts as Messages['toasts'],
  errors: fil_errors as Messages['errors'],
  pages: fil_pages as Messages['pages'],
  pwa: fil_pwa as Messages['pwa'],
};

export const MESSAGES = { en, fil } as const;

export const messagesFor = (locale: keyof typeof MESSAGES): Messages => MESSAGES[locale];

/** What useTranslations takes: the dotted path of any group of messages (`layout`, `layout.nav`, `wallet.history.ledger`). */
type NamespaceOf<T> = {
  [K in keyof T & string]: T[K] extends string ? never : K | `${K}.${NamespaceOf<T[K]>}`;
}[keyof T & string];
export type Namespace = NamespaceOf<Messages>;

/**
 * The namespaces the client components of every page use (the layout's header, footer and dialogs, the segments'
 * loading, error and not-found views, the studio): what NextIntlClientProvider gives the browser on every page
 * (components/layout/SiteDocument.tsx). Every message a provider is given is written into the page's HTML, inside the
 * RSC payload, while server components (and metadata) read theirs on the server through next-intl's request config.
 * A namespace only one page's own client components use is that page's (PAGE_NAMESPACES). Toasts and server errors
 * are translated by lib/message-text.ts from its own imports, not from these.
 *
 * Kept exact by messages/client-namespaces.test.ts, which reads the client modules each entry of app/ reaches: a
 * client component that calls useTranslations('x.y') needs 'x.y' or 'x' here or in its page's list (the test fails
 * otherwise), and an entry no client module uses, or one wider than its uses, fails it too.
 */
export const CLIENT_NAMESPACES = [
  'checkout',
  'coins.format',
  'coins.planCards',
  'coins.topUpDialog',
  'common',
  'dialogs',
  'layout.account',
  'layout.footer',
  'layout.language',
  'layout.logo',
  'layout.nav',
  'layout.search',
  'library',
  'pages.episode',
  'pages.loading',
  'pages.notFound',
  'pwa.installButton',
  'pwa.storeBadges',
  'search',
  'subscription.plan',
] as const satisfies readonly Namespace[];

/**
 * The namespaces only one page's client components use, by the page's route under app/[locale]: the page passes them
 * to the browser itself (components/layout/PageMessages.tsx), so the other pages' HTML does not carry them (on home,
 * ~14 kB of the episode, player, movie, wallet and dashboard messages). Kept exact by the same test.
 */
export const PAGE_NAMESPACES = {
  '/': ['catalog', 'home.carousel', 'home.continue', 'home.promo'],
  '/dashboard': [
    'dashboard.accountSettings',
    'dashboard.logoutEverywhereDialog',
    'dashboard.profileCard',
    'dashboard.profileDetails',
    'dashboard.purchases',
    'dashboard.receipt',
    'player',
    'premium.purchases',
  ],
  '/dashboard/library': ['catalog.myList'],
  '/episodes/[slug]': ['coins.autoUnlock', 'coins.seriesPrice', 'coins.unlock', 'episode', 'movie.share', 'player', 'premium.buy', 'premium.dialog'],
  '/install': ['pwa.installPage'],
  '/movie-genres/All-movies': ['catalog'],
  '/movie/[slug]': ['catalog.myList', 'coins.seriesPrice', 'movie', 'player', 'premium.buy', 'premium.dialog'],
  '/search': ['catalog'],
  '/series': ['catalog'],
  '/subscription': ['subscription.status'],
  '/tag/[tag]': ['catalog'],
  '/wallet': ['coins.autoUnlock', 'wallet.history', 'wallet.how', 'wallet.intro', 'wallet.panel'],
  '/wallet/receipts/[id]': ['dashboard.receipt', 'dashboard.receiptPage'],
} as const satisfies Record<string, readonly Namespace[]>;

export type PageRoute = keyof typeof PAGE_NAMESPACES;

export type { Tree };

/** The messages under `namespaces` only, at their own paths (so useTranslations('layout.nav') finds them as before). */
export function pickNamespaces(messages: Messages, namespaces: readonly Namespace[]): Tree {
  const picked: Tree = {};
  for (const namespace of namespaces) {
    const parts = namespace.split('.');
    let from = messages as unknown as Tree;
    let to = picked;
    for (const part of parts.slice(0, -1)) {
      from = from[part] as Tree;
      to = (to[part] ??= {}) as Tree;
    }
    const last = parts[parts.length - 1];
    to[last] = from[last];
  }
  return picked;
}

const CLIENT_MESSAGES = {
  en: pickNamespaces(en, CLIENT_NAMESPACES),
  fil: pickNamespaces(fil, CLIENT_NAMESPACES),
};

/** The messages every page's client components use: what the layout's NextIntlClientProvider passes to the browser. */
export const clientMessagesFor = (locale: keyof typeof MESSAGES): Tree => CLIENT_MESSAGES[locale];

/** The messages only the client components of the page at `route` use (PAGE_NAMESPACES), in `locale`. */
export const pageMessagesFor = (locale: keyof typeof MESSAGES, route: PageRoute): Tree =>
  pickNamespaces(MESSAGES[locale], PAGE_NAMESPACES[route]);

