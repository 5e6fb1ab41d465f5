import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '@/tests/fixtures/production-env';

const root = path.resolve(import.meta.dirname, '..');

/** Runs a script the way npm does, with only the given settings (no inherited emulator or database variables). */
function run(script: string, env: Record<string, string>, args: string[] = []) {
  const base = { NODE_ENV: 'production' as const, PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', NEXT_TELEMETRY_DISABLED: '1' };
  const r = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', script, ...args], {
    cwd: root,
    env: { ...base, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, output: `${r.stdout}${r.stderr}` };
}

const BAD = ['JWT_SECRET', 'MEDIA_KEY_SECRET', 'PAYMENT_WEBHOOK_SECRET', 'API_KEY', 'DATABASE_URL', 'FIREBASE_AUTH_EMULATOR_HOST', 'NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL', 'PAYMENT_GATEWAY', 'FIREBASE_PROJECT_ID', 'NEXT_PUBLIC_SITE_URL', 'DRM_ALLOW_CLEARKEY_IN_PRODUCTION', 'STORAGE_DRIVER'];
const demoStart = { APP_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099' };

const GOOD = PRODUCTION_ENV;

describe('APP_ENV=production on the committed defaults', () => {
  it('npm run check:deploy exits 1 and names every bad setting', () => {
    const { code, output } = run('scripts/check-deploy.ts', demoStart);
    expect(code).toBe(1);
    for (const name of BAD) expect(output).toContain(name);
  });

  it('the production server (scripts/serve.ts) refuses to start, naming every bad setting', () => {
    const { code, output } = run('scripts/serve.ts', demoStart, ['--port', '0']);
    expect(code).not.toBe(0);
    expect(output).toContain('APP_ENV=production refuses to start');
    for (const name of BAD) expect(output).toContain(name);
  });

  it('check:deploy refuses real-looking settings without a multi-DRM provider, unless DRM_ALLOW_CLEARKEY_IN_PRODUCTION=true', () => {
    const noDrm = { ...GOOD, NEXT_PUBLIC_DRM_WIDEVINE_URL: '', NEXT_PUBLIC_DRM_PLAYREADY_URL: '', NEXT_PUBLIC_DRM_FAIRPLAY_URL: '' };
    const refused = run('scripts/check-deploy.ts', noDrm);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('raw ClearKey content keys');
    const accepted = run('scripts/check-deploy.ts', { ...noDrm, DRM_ALLOW_CLEARKEY_IN_PRODUCTION: 'true' });
    expect(accepted.output).toContain('no problems found');
    expect(accepted.code).toBe(0);
  });

  it('check:deploy passes with real-looking settings', () => {
    const { code, output } = run('scripts/check-deploy.ts', GOOD);
    expect(output).toContain('no problems found');
    expect(code).toBe(0);
  });
});
