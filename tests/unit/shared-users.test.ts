import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importGraph, reachedIn } from '../helpers/importGraph.ts';

/**
 * shared/ holds what both front ends use. Code that only the extension reaches belongs beside its
 * entry points in extension/: a shared/ file that the extension imports (directly or through other
 * shared/ files) must also be reached from the dashboard, the Edge Functions or the scripts. Tests
 * are no users here, and a file nobody imports is knip's to report.
 */

const repoRoot = resolve(__dirname, '../..');

/** The extension's code: its entry points, its own modules and its build config. */
const isExtension = (file: string) => file.startsWith('entrypoints/') || file.startsWith('extension/') || file === 'wxt.config.ts';

/** shared/ files the extension reaches and nothing else does, each with the extension files that import it. */
function extensionOnly(root: string): Record<string, string[]> {
  const graph = importGraph(root);
  const users = [...graph.keys()].filter((file) => !file.startsWith('shared/') && !file.startsWith('tests/'));
  const others = users.filter((file) => !isExtension(file));
  const byExtension = reachedIn(graph, users.filter(isExtension), 'shared/');
  const byOthers = reachedIn(graph, others, 'shared/');
  const importersOf = (target: string) => [...graph].filter(([, targets]) => targets.has(target)).map(([file]) => file);
  return Object.fromEntries(
    [...byExtension]
      .filter((file) => !byOthers.has(file))
      .sort()
      .map((file) => [file, importersOf(file)]),
  );
}

describe('shared/ holds only what both front ends use', () => {
  it('every shared/ file the extension reaches is reached from outside the extension too', () => {
    expect(extensionOnly(repoRoot), 'extension-only code: move it to extension/').toEqual({});
  });

  it('reads the imports of the extension, the dashboard and the Edge Functions', () => {
    const graph = importGraph(repoRoot);
    expect(graph.get('entrypoints/background.ts')).toContain('shared/core/bridge.ts');
    expect(graph.get('extension/ui/RunView.tsx')).toContain('shared/ui/run/RunOutput.tsx');
    expect(graph.get('web/pages/run/PromptRunner.tsx')).toContain('shared/ui/run/RunOutput.tsx');
    const functions = [...graph.keys()].filter((file) => file.startsWith('supabase/functions/'));
    expect(reachedIn(graph, functions, 'shared/')).toContain('shared/core/providerKeys.ts');
  });

  describe('in a sample repository', () => {
    const sandbox = mkdtempSync(join(tmpdir(), 'shared-users-'));
    afterAll(() => rmSync(sandbox, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(sandbox, path)), { recursive: true });
      writeFileSync(join(sandbox, path), text);
    };
    write('entrypoints/background.ts', "import '@/extension/lib/start.ts';\nimport '../shared/both.ts';\n");
    write('extension/lib/start.ts', "import { only } from '@/shared/onlyExtension.ts';\nexport default only;\n");
    write('shared/onlyExtension.ts', "export { deep } from './deep.ts';\nexport const only = 1;\n");
    write('shared/deep.ts', 'export const deep = 1;\n');
    write('shared/both.ts', "export const both = await import('./lazy.ts');\n");
    write('shared/lazy.ts', 'export const lazy = 1;\n');
    write('web/main.tsx', "import { both } from '../shared/both.ts';\nexport default both;\n");
    write('supabase/functions/demo/index.ts', "import '@/shared/forFunctions.ts';\n");
    write('shared/forFunctions.ts', "import './deep.ts';\n");
    write('shared/testOnly.ts', 'export const t = 1;\n');
    write('tests/unit/x.test.ts', "import '../../shared/testOnly.ts';\nimport '../../shared/onlyExtension.ts';\n");

    it('names the files only the extension reaches, with their importers; a test is no user', () => {
      expect(extensionOnly(sandbox)).toEqual({
        'shared/onlyExtension.ts': ['extension/lib/start.ts', 'tests/unit/x.test.ts'],
      });
    });
  });
});
