import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without type declarations
import { findCycles } from './check-cycles.mjs';

const root = path.resolve(__dirname, '..');
const eslint = new ESLint({ cwd: root });
/** The first lint loads every plugin (over 10 s on a busy 2-core machine). */
const LINT_TIMEOUT = 60_000;

/** The boundary errors ESLint reports for `code` as if it were the file `filePath` of the repo. */
async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('folder boundaries (eslint.config.mjs)', () => {
  it.each([
    ['lib/probe.ts', '@/store', "import { useAppDispatch } from '@/store/hooks';\nexport const probe = useAppDispatch;\n"],
    ['lib/probe.ts', '@/components', "import { Modal } from '@/components/dialogs/Modal';\nexport const probe = Modal;\n"],
    ['lib/api/probe.ts', '@/lib/server', "import type { Db } from '@/lib/server/db/client';\nexport type Probe = Db;\n"],
    ['player/probe.ts', '@/components', "import { EpisodeView } from '@/components/episode/EpisodeView';\nexport const probe = EpisodeView;\n"],
    ['player/probe.ts', '@/store', "import { useAppSelector } from '@/store/hooks';\nexport const probe = useAppSelector;\n"],
    ['store/probe.ts', '@/lib/server', "import type { PaymentRow } from '@/lib/server/payments/fulfil-result';\nexport type Probe = PaymentRow;\n"],
    ['components/probe.tsx', '@/lib/server', "import { listTitles } from '@/lib/server/cache';\nexport const probe = listTitles;\n"],
    ['app/api/probe/route.ts', '@/lib/server/db/seed', "import { seed } from '@/lib/server/db/seed';\nexport const probe = seed;\n"],
    ['lib/server/catalog/probe.ts', '@/lib/server/db/prepare', "import { openMigratedDb } from '@/lib/server/db/prepare';\nexport const probe = openMigratedDb;\n"],
    ['lib/server/coins/probe.ts', '@/lib/api', "import type { CoinPlan } from '@/lib/api/coins';\nexport type Probe = CoinPlan;\n"],
    ['lib/server/probe.ts', '@/store', "import { makeStore } from '@/store/store';\nexport const probe = makeStore;\n"],
    ['components/probe.tsx', 'next/link', "import Link from 'next/link';\nexport const probe = Link;\n"],
    ['components/probe.tsx', "next/navigation's router", "import { useRouter } from 'next/navigation';\nexport const probe = useRouter;\n"],
    ['app/[locale]/probe/page.tsx', 'next/link', "import Link from 'next/link';\nexport const probe = Link;\n"],
    ['app/[locale]/probe/page.tsx', "next/navigation's redirect", "import { redirect } from 'next/navigation';\nexport const probe = redirect;\n"],
  ])(
    '%s may not import %s',
    async (file, _forbidden, code) => {
      expect(await boundaryErrors(file, code)).toHaveLength(1);
    },
    LINT_TIMEOUT,
  );

  it('lets client code read the shared contracts and lib/ read its own modules', async () => {
    expect(await boundaryErrors('player/probe.ts', "import type { PlaybackMedia } from '@/lib/contracts/playback';\nexport type Probe = PlaybackMedia;\n")).toEqual([]);
    expect(await boundaryErrors('components/probe.tsx', "import { api } from '@/lib/api/client';\nexport const probe = api;\n")).toEqual([]);
    expect(await boundaryErrors('components/probe.tsx', "import { useSearchParams } from 'next/navigation';\nimport { useLinkStatus } from 'next/link';\nexport const probe = [useSearchParams, useLinkStatus];\n")).toEqual([]);
    expect(await boundaryErrors('components/studio/probe.tsx', "import Link from 'next/link';\nexport const probe = Link;\n")).toEqual([]);
    expect(await boundaryErrors('lib/server/probe.ts', "import { z } from 'zod';\nimport { pageSchema } from '@/lib/contracts/coins';\nexport const probe = [z, pageSchema];\n")).toEqual([]);
  }, LINT_TIMEOUT);
});

describe('import cycles (scripts/check-cycles.mjs)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kilig-cycles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@/*': ['./*'] } } }));

  it('finds a cycle, a type-only one too, and none where there is none', async () => {
    const write = (name: string, code: string) => writeFileSync(path.join(dir, name), code);
    write('a.ts', "import { b } from './b';\nexport const a = () => b;\n");
    write('b.ts', "import type { T } from '@/c';\nexport const b = 1 as T;\n");
    write('c.ts', "import { a } from './a';\nexport type T = number;\nexport const c = a;\n");
    write('d.ts', "import { b } from './b';\nexport const d = b;\n");
    expect(await findCycles(dir, ['.'])).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    write('c.ts', 'export type T = number;\n');
    expect(await findCycles(dir, ['.'])).toEqual([]);
  });
});

describe('interface words come from messages/ (eslint.config.mjs NO_INTERFACE_LITERALS)', () => {
  const literalErrors = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
    return result.messages.filter((m) => m.ruleId === 'react/jsx-no-literals').length;
  };
  const code = "export function Probe() {\n  return <p>Watch now · 10</p>;\n}\n";

  it('finds English typed into the JSX of the site, not in the studio', async () => {
    expect(await literalErrors('components/probe.tsx', code)).toBe(1);
    expect(await literalErrors('app/[locale]/probe/page.tsx', code)).toBe(1);
    expect(await literalErrors('player/controls/Probe.tsx', code)).toBe(1);
    expect(await literalErrors('components/studio/Probe.tsx', code)).toBe(0);
    expect(await literalErrors('components/probe.tsx', "export function Probe({ n }: { n: number }) {\n  return <p>{n} · </p>;\n}\n")).toBe(0);
  }, LINT_TIMEOUT);
});
