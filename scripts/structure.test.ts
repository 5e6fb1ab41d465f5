import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Issue 21's structural promises, kept: small files in the player and the store, and one checkout behind three dialogs. */
const root = path.resolve(__dirname, '..');
const MAX_LINES = 300;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(name) ? [rel] : [];
  });
}

const lineCount = (file: string) => readFileSync(path.join(root, file), 'utf8').split('\n').length;

/** Runs of `min` consecutive code lines (trimmed; blank, comment and import lines left out) that both texts contain. */
export function sharedRuns(a: string, b: string, min = 6): string[][] {
  const code = (text: string) =>
    text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !/^(\/\/|\/\*|\*|import |} from )/.test(l) && !/^[{}()[\];,]+$/.test(l));
  const [la, lb] = [code(a), code(b)];
  const runsOf = (lines: string[]) => new Set(lines.slice(0, Math.max(0, lines.length - min + 1)).map((_, i) => lines.slice(i, i + min).join('\n')));
  const inB = runsOf(lb);
  return [...runsOf(la)].filter((r) => inB.has(r)).map((r) => r.split('\n'));
}

describe('structure', () => {
  it(`no file in player/ or store/ is over ${MAX_LINES} lines`, () => {
    const files = [...sourceFiles('player'), ...sourceFiles('store')];
    expect(files.length).toBeGreaterThan(20);
    expect(files.filter((f) => lineCount(f) > MAX_LINES).map((f) => `${f}: ${lineCount(f)}`)).toEqual([]);
  });

  it('finds a shared run, and the three checkout dialogs share none', () => {
    const body = 'const a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;\nconst e = 5;\nconst f = 6;\n';
    expect(sharedRuns(`x();\n${body}`, `${body}y();\n`)).toHaveLength(1);
    const dialogs = ['components/subscription/SubscriptionDialog.tsx', 'components/coins/TopUpDialog.tsx', 'components/premium/PremiumPurchaseDialog.tsx'].map((f) => readFileSync(path.join(root, f), 'utf8'));
    for (let i = 0; i < dialogs.length; i++) for (let j = i + 1; j < dialogs.length; j++) expect(sharedRuns(dialogs[i], dialogs[j])).toEqual([]);
  });
});
