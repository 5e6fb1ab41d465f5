import { readFileSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from './playwright.config';

/**
 * The cluster stage's specs (tests/cluster), run by scripts/cluster.ts once PostgreSQL, Redis, the S3 server, the
 * Auth Emulator, two app instances and nginx are up: it names them in the JSON file CLUSTER_CONTEXT. No webServer
 * here. One worker, files in name order: the last one SIGKILLs an instance.
 */
const contextFile = process.env.CLUSTER_CONTEXT;
const baseURL = contextFile ? (JSON.parse(readFileSync(contextFile, 'utf8')) as { url: string }).url : undefined;

export default defineConfig({
  testDir: 'tests/cluster',
  fullyParallel: false,
  workers: 1,
  // A retry would run against a cluster the first attempt changed (an instance killed): never.
  retries: 0,
  timeout: 240_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'reports/playwright-cluster.json' }]],
  outputDir: 'test-results-cluster',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunch,
    serviceWorkers: 'block',
  },
  projects: [{ name: 'cluster', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, channel: undefined } }],
});
