#!/usr/bin/env node
// The whole test suite (`npm test`, what CI runs): lint, typecheck, unit tests, integration tests on PostgreSQL (the
// machine's or TEST_DATABASE_URL when one answers, else the embedded server from npm), the production build, and
// Playwright e2e in Debian Chromium against it, a production-profile build served as a deployment would, and the cluster
// stage (two instances behind nginx with Redis and an S3 server; skipped where no Redis answers). It ends with one line
// `N passed, N failed[, N skipped]` computed from the runners' JSON reports, and exits non-zero on any failure.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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

/** Failures, repeated just above the closing line, so that a log's tail says what failed and why. */
const failures = [];
const outputs = new Map();

/** Runs a command, streaming its output and keeping it for the failure summary. */
async function run(label, cmd, args, extraEnv = {}) {
  const t0 = Date.now();
  console.log(`\n=== ${label}: ${[path.basename(cmd), ...args].join(' ')}`);
  const chunks = [];
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, ...extraEnv } });
  child.stdout.on('data', (c) => (process.stdout.write(c), chunks.push(c)));
  child.stderr.on('data', (c) => (process.stderr.write(c), chunks.push(c)));
  const [code, signal] = await new Promise((resolve) => child.on('close', (c, s) => resolve([c, s])));
  outputs.set(label, Buffer.concat(chunks).toString('utf8'));
  console.log(`=== ${label}: exit ${code ?? signal} in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  return code === 0;
}

/** A runner that exited non-zero though no test failed: quote the lines of its output that say why. */
function runnerFailed(label) {
  const lines = (outputs.get(label) ?? '').split('\n');
  const why = lines.filter((l) => /unhandled|error|fail|timed out|exception/i.test(l)).slice(-15).map((l) => l.slice(0, 240));
  failures.push(`${label}: the runner failed though no test did${why.length ? `:\n    ${why.join('\n    ')}` : ''}`);
  totals.failed += 1;
}

/** A stage without its own per-test report counts as one test. */
async function stage(label, cmd, args, extraEnv) {
  const ok = await run(label, cmd, args, extraEnv);
  if (ok) totals.passed += 1;
  else runnerFailed(label);
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
    failures.push(`${label}: no report at ${file}`);
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
        failures.push(`${label}: ${t.fullName}\n    ${String(t.failureMessages?.[0] ?? '').split('\n')[0]}`);
      } else totals.skipped += 1;
    }
    // A file that failed to load has no assertions but a failed status.
    if (suite.status === 'failed' && results.every((t) => t.status !== 'failed')) {
      totals.failed += 1;
      failedHere += 1;
      failures.push(`${label}: ${path.relative(root, suite.name)} failed outside its tests\n    ${String(suite.message ?? '').split('\n').slice(0, 3).join('\n    ')}`);
    }
  }
  if (!exitedOk && failedHere === 0) runnerFailed(label);
}

/** Playwright's JSON reporter: suites → specs → tests with a final status. */
function countPlaywright(file, exitedOk, label = 'e2e') {
  const report = readJson(file);
  if (!report) {
    failures.push(`${label}: no report at ${file}`);
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
          const err = t.results?.at(-1)?.error?.message ?? '';
          failures.push(`${label}: ${spec.file}:${spec.line} ${spec.title}\n    ${err.split('\n')[0]}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  for (const err of report.errors ?? []) {
    totals.failed += 1;
    failedHere += 1;
    failures.push(`${label} error: ${err.message}`);
  }
  if (!exitedOk && failedHere === 0) runnerFailed(label);
}

if (wants('lint')) await stage('lint', bin('eslint'), ['.', '--max-warnings=0']);
if (wants('cycles')) await stage('cycles', process.execPath, ['scripts/check-cycles.mjs']);
if (wants('typecheck')) await stage('typecheck', bin('tsc'), ['--noEmit']);

if (wants('unit')) {
  const out = path.join(reports, 'vitest-unit.json');
  const ok = await run('unit', bin('vitest'), ['run', '--project', 'unit', '--project', 'dom', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  countVitest(out, 'unit', ok);
}

if (wants('integration')) {
  const out = path.join(reports, 'vitest-integration.json');
  const ok = await run('integration', bin('vitest'), ['run', '--project', 'integration', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  countVitest(out, 'integration', ok);
}

if (wants('e2e')) {
  // The build prerenders ISR pages from a seeded database: the embedded server in its own folder (or DATABASE_URL).
  const built = await stage('build', process.execPath, ['--conditions=react-server', '--import', 'tsx', path.join(root, 'scripts', 'start.ts'), '--build-only', '--fresh', '--data-dir', '.data/build']);
  if (built && existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
    const out = path.join(reports, 'playwright.json');
    const ok = await run('e2e', bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
    countPlaywright(out, ok);
  } else if (built) {
    failures.push('e2e: no Chromium (apt-get install -y chromium, or set CHROMIUM_PATH)');
    totals.failed += 1;
  }
}

if (wants('production')) {
  // A second build, with APP_ENV=production and real-looking settings, served as a deployment serves it.
  await stage('production profile', process.execPath, ['--conditions=react-server', '--import', 'tsx', path.join(root, 'scripts', 'smoke-production.ts')]);
}

if (wants('cluster')) {
  // Two instances of a production build behind nginx, with PostgreSQL, Redis and an S3 server (scripts/cluster.ts).
  // Exit 3: skipped, its reason printed (no Redis answers here).
  const out = path.join(reports, 'playwright-cluster.json');
  const ok = await run('cluster', process.execPath, ['--conditions=react-server', '--import', 'tsx', path.join(root, 'scripts', 'cluster.ts')], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  const why = (outputs.get('cluster') ?? '').match(/SKIPPED: (.*)/)?.[1];
  if (!ok && why) {
    console.log(`=== cluster: skipped (${why})`);
    totals.skipped += 1;
  } else if (existsSync(out)) countPlaywright(out, ok, 'cluster');
  else runnerFailed('cluster');
}

const minutes = ((Date.now() - started) / 60000).toFixed(1);
if (failures.length) console.log(`\nFailures:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
console.log(`\nTest suite finished in ${minutes} min.`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
