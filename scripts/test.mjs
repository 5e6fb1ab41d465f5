#!/usr/bin/env node
// The whole test suite (`npm test`, what CI runs): lint, typecheck, unit + integration tests (PGlite, then PostgreSQL
// when one answers), the production build, and Playwright e2e in Debian Chromium against it. It ends with one line
// `N passed, N failed[, N skipped]` computed from the runners' JSON reports, and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const only = process.argv.slice(2); // e.g. `npm test -- unit e2e` runs just those stages
const wants = (stage) => only.length === 0 || only.includes(stage);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', CI: process.env.CI ?? '1', FORCE_COLOR: '0' };
const totals = { passed: 0, failed: 0, skipped: 0 };
const started = Date.now();

function run(label, cmd, args, extraEnv = {}) {
  const t0 = Date.now();
  console.log(`\n=== ${label}: ${[path.basename(cmd), ...args].join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  console.log(`=== ${label}: exit ${res.status ?? res.signal} in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  return res.status === 0;
}

/** A stage without its own per-test report counts as one test. */
function stage(label, cmd, args, extraEnv) {
  const ok = run(label, cmd, args, extraEnv);
  totals[ok ? 'passed' : 'failed'] += 1;
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Vitest's JSON reporter (Jest-compatible): per assertion result a status. */
function countVitest(file, label, exitedOk) {
  const report = readJson(file);
  if (!report) {
    console.log(`!!! ${label}: no report at ${file}`);
    totals.failed += 1;
    return;
  }
  let failedHere = 0;
  for (const suite of report.testResults ?? []) {
    const results = suite.assertionResults ?? [];
    for (const t of results) {
      if (t.status === 'passed') totals.passed += 1;
      else if (t.status === 'failed') {
        totals.failed += 1;
        failedHere += 1;
      } else totals.skipped += 1;
    }
    // A file that failed to load has no assertions but a failed status.
    if (results.length === 0 && suite.status === 'failed') {
      totals.failed += 1;
      failedHere += 1;
    }
  }
  if (!exitedOk && failedHere === 0) totals.failed += 1; // the runner failed for a reason no test shows
}

/** Playwright's JSON reporter: suites → specs → tests with a final status. */
function countPlaywright(file, exitedOk) {
  const report = readJson(file);
  if (!report) {
    console.log(`!!! e2e: no report at ${file}`);
    totals.failed += 1;
    return;
  }
  let failedHere = 0;
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'expected' || t.status === 'flaky') totals.passed += 1;
        else if (t.status === 'skipped') totals.skipped += 1;
        else {
          totals.failed += 1;
          failedHere += 1;
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  for (const err of report.errors ?? []) {
    totals.failed += 1;
    failedHere += 1;
    console.log(`!!! e2e error: ${err.message}`);
  }
  if (!exitedOk && failedHere === 0) totals.failed += 1;
}

function postgresReachable() {
  if (process.env.TEST_DATABASE_URL) return Promise.resolve(true);
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 5432, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

if (wants('lint')) stage('lint', bin('eslint'), ['.', '--max-warnings=0']);
if (wants('typecheck')) stage('typecheck', bin('tsc'), ['--noEmit']);

if (wants('unit')) {
  const out = path.join(reports, 'vitest-unit.json');
  const ok = run('unit', bin('vitest'), ['run', '--project', 'unit', '--project', 'dom', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  countVitest(out, 'unit', ok);
}

if (wants('integration')) {
  const out = path.join(reports, 'vitest-integration-pglite.json');
  const ok = run('integration (PGlite)', bin('vitest'), ['run', '--project', 'integration', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], { TEST_DB_DRIVER: 'pglite' });
  countVitest(out, 'integration (PGlite)', ok);
  if (await postgresReachable()) {
    const outPg = path.join(reports, 'vitest-integration-postgres.json');
    const okPg = run('integration (PostgreSQL)', bin('vitest'), ['run', '--project', 'integration', '--reporter=default', '--reporter=json', `--outputFile.json=${outPg}`], { TEST_DB_DRIVER: 'postgres' });
    countVitest(outPg, 'integration (PostgreSQL)', okPg);
  } else {
    console.log('\n=== integration (PostgreSQL): skipped, no server on 127.0.0.1:5432 and no TEST_DATABASE_URL');
  }
}

if (wants('e2e')) {
  // The build prerenders ISR pages from a seeded database: its own folder, never one a running server holds open.
  const buildData = path.join(root, '.data', 'build');
  rmSync(buildData, { recursive: true, force: true });
  const built = stage('build', bin('next'), ['build'], { PGLITE_DIR: path.join(buildData, 'pglite'), MEDIA_DIR: path.join(buildData, 'media') });
  if (built && existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
    const out = path.join(reports, 'playwright.json');
    const ok = run('e2e', bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
    countPlaywright(out, ok);
  } else if (built) {
    console.log('!!! e2e: no Chromium (apt-get install -y chromium, or set CHROMIUM_PATH)');
    totals.failed += 1;
  }
}

const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log(`\nTest suite finished in ${minutes} min.`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
