import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/**
 * The boundaries between the folders (docs/architecture.md 'Folders'), checked on every lint. Client code reads wire
 * types from lib/contracts, never from lib/server; lib/ is below the UI and the store; the player knows nothing of
 * the pages around it. Each entry lists what a folder may not import; tests sit beside the code and follow its rules.
 * Import cycles are found by scripts/check-cycles.mjs (a stage of `npm test`): ESLint's no-cycle rule tripled the
 * lint's time and skips type-only imports.
 */
const restricted = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group: [group, `${group}/**`], message })) }],
});

/**
 * The site's UI links and navigates through i18n/navigation (decision 0010), so a link on a Filipino page stays
 * Filipino: not next/link's Link nor next/navigation's router hooks and redirects. The studio is English only.
 */
const LOCALIZED = 'Links and navigation go through @/i18n/navigation: it keeps the page\'s language (decision 0010).';
const siteUi = (...groups) => {
  const rule = restricted(...groups)['no-restricted-imports'];
  rule[1].paths = [
    { name: 'next/link', importNames: ['default'], message: LOCALIZED },
    { name: 'next/navigation', importNames: ['useRouter', 'usePathname', 'redirect', 'permanentRedirect'], message: LOCALIZED },
  ];
  return { 'no-restricted-imports': rule };
};
const SERVER = ['@/lib/server', 'Client code imports wire types from lib/contracts, never lib/server.'];
const STORE = ['@/store', 'lib/ and player/ sit below the store: pass what they need in.'];
const COMPONENTS = ['@/components', 'Only the UI and app/ compose components.'];
const PLAYER = ['@/player', 'lib/ sits below the player.'];
const APP = ['@/app', 'Routes are leaves: nothing imports app/.'];
const CLIENT_API = ['@/lib/api', "The server reads wire types from lib/contracts, not from the client's HTTP calls."];
// The app only connects to its database; migrating and seeding are the scripts' (the server bundle carries neither).
const DB_SETUP = ['@/lib/server/db/prepare', 'Only scripts and tests migrate or seed the database.'];
const DB_SEED = ['@/lib/server/db/seed', DB_SETUP[1]];
const DB_MIGRATE = ['@/lib/server/db/migrate', DB_SETUP[1]];

export const BOUNDARIES = [
  { files: ['lib/server/**'], ignores: ['lib/server/db/**'], rules: restricted(STORE, COMPONENTS, PLAYER, APP, CLIENT_API, DB_SETUP, DB_SEED, DB_MIGRATE) },
  { files: ['lib/server/db/**'], rules: restricted(STORE, COMPONENTS, PLAYER, APP, CLIENT_API) },
  { files: ['app/**'], ignores: ['app/[[]locale]/**'], rules: restricted(DB_SETUP, DB_SEED, DB_MIGRATE) },
  { files: ['app/[[]locale]/**'], rules: siteUi(DB_SETUP, DB_SEED, DB_MIGRATE) },
  { files: ['lib/**'], ignores: ['lib/server/**'], rules: restricted(SERVER, STORE, COMPONENTS, PLAYER, APP) },
  { files: ['player/**'], rules: restricted(SERVER, STORE, COMPONENTS, APP) },
  { files: ['store/**'], rules: restricted(SERVER, COMPONENTS, APP) },
  { files: ['components/**'], ignores: ['components/studio/**'], rules: siteUi(SERVER, APP) },
  { files: ['components/studio/**'], rules: restricted(SERVER, APP) },
];

/**
 * Every word of the site's interface comes from messages/ (decision 0010): JSX text in the site's UI may only be a
 * symbol or a number. Props (aria-label, placeholder, alt) are not checked here; review them.
 */
export const NO_INTERFACE_LITERALS = {
  files: ['components/**/*.tsx', 'app/[[]locale]/**/*.tsx', 'player/**/*.tsx'],
  ignores: ['components/studio/**', '**/*.test.tsx'],
  rules: {
    'react/jsx-no-literals': [
      'error',
      { noStrings: false, ignoreProps: true, allowedStrings: ['+', '#', '*', '.', '·', '/', '...', '…', '-', '–', '—', '|', '×', '•', ':', '₱', '%', '(', ')', '404', '10', 'VIP'] },
    ],
  },
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: ['node_modules/**', '.next/**', '.next-*/**', '.data/**', 'media/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', 'lib/server/db/migrations/**'],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...BOUNDARIES,
  NO_INTERFACE_LITERALS,
];

export default config;
