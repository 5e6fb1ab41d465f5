import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

export default defineConfig({
  resolve: {
    alias: {
      '@': root,
      'server-only': path.join(root, 'tests/fixtures/empty-module.ts'),
    },
  },
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['{lib,player,store,scripts,components,messages,i18n}/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['{app,components,store,player,lib}/**/*.test.tsx'],
          setupFiles: ['tests/fixtures/dom-setup.ts'],
          // Transformed like our own code, so a test's vi.mock('next/navigation') reaches next-intl's Link and hooks too.
          server: { deps: { inline: ['next-intl', 'use-intl'] } },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          // Pages and layouts imported by tests reach next-intl, whose ESM imports next/navigation without an extension.
          server: { deps: { inline: ['next-intl', 'use-intl'] } },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
