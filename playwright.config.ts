import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The Firebase Auth Emulator the run starts or reuses (the build's browser SDK must name the same port). */
const AUTH_PORT = Number(process.env.E2E_AUTH_PORT ?? 9099);
const baseURL = `http://127.0.0.1:${PORT}`;

/** Debian's Chromium (Playwright cannot download browsers here); flags keep it off the closed network. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--autoplay-policy=no-user-gesture-required',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // CI runs one test at a time: on a slow two-core machine two workers, each with its Chromium, beside the app and the
  // emulator kept the run queue at 13 and six tests ran out of time (fresh-clone run of 03464f8). Locally, two.
  workers: process.env.CI ? 1 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunch,
    // The site's service worker (issue 22) would answer requests after the first load, out of page.route()'s reach;
    // tests/e2e/pwa.spec.ts allows it and checks it.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, channel: undefined } },
  ],
  webServer: {
    // The production build, a fresh seeded database and the Firebase Auth Emulator, exactly as `npm start` runs them.
    command: `node --conditions=react-server --import tsx scripts/start.ts --no-build --fresh --port ${PORT} --auth-port ${AUTH_PORT} --data-dir ${process.env.E2E_DATA_DIR ?? '.data/e2e'}`,
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
