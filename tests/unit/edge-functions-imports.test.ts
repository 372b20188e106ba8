import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { functionEntries, readImportMap, walkFunctions } from '../../scripts/lib/functionGraph.ts';

// Hosted Supabase deploys each function from supabase/functions: a bare import resolves only through
// deno.json's import map, and a relative import that leaves the folder is not in the upload.
const repoRoot = resolve(__dirname, '../..');
const functionsDir = join(repoRoot, 'supabase/functions');

describe('Edge Functions as a deploy resolves them', () => {
  const graph = walkFunctions(functionsDir, repoRoot);

  it('reaches every function and the shared code it needs', () => {
    expect(functionEntries(functionsDir).length).toBeGreaterThanOrEqual(20);
    expect([...graph.files].some((file) => file.endsWith('shared/core/providerKeys.ts'))).toBe(true);
    expect(graph.mappedRoots).toEqual([join(repoRoot, 'shared')]);
  });

  it('every import resolves inside the folder or through the import map', () => {
    expect(graph.problems).toEqual([]);
  });

  it('supabase/config.toml deploys every function with that import map (no deploy flags)', () => {
    const toml = readFileSync(join(repoRoot, 'supabase/config.toml'), 'utf8');
    const missing = functionEntries(functionsDir)
      .map((entry) => basename(dirname(entry)))
      .filter((name) => !toml.includes(`[functions.${name}]\nimport_map = "./functions/deno.json"\n`));
    expect(missing).toEqual([]);
    expect(toml).toMatch(/\[functions\.stripe-webhook\][^[]*verify_jwt = false/);
  });

  it('the import map pins the same major versions as package.json', () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const installed = { ...pkg.devDependencies, ...pkg.dependencies };
    const mismatched = Object.entries(readImportMap(functionsDir)).flatMap(([name, target]) => {
      const npm = /^npm:((?:@[^/@]+\/)?[^@]+)@(\d+)/.exec(target);
      if (!npm || npm[1] !== name) return [];
      const range = installed[name];
      const major = range ? /(\d+)/.exec(range)?.[1] : undefined;
      return major === npm[2] ? [] : [`${name}: deno.json ${npm[2]}, package.json ${range ?? 'absent'}`];
    });
    expect(mismatched).toEqual([]);
  });

  describe('refuses what a deploy could not resolve', () => {
    const sandbox = mkdtempSync(join(tmpdir(), 'function-graph-'));
    afterAll(() => rmSync(sandbox, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(sandbox, path)), { recursive: true });
      writeFileSync(join(sandbox, path), text);
    };
    write('supabase/functions/deno.json', JSON.stringify({ imports: { '@/shared/': '../../shared/', zod: 'npm:zod@4' } }));
    write('shared/ok.ts', "import { z } from 'zod';\nimport 'zod/mini';\nexport const ok = z;\n");
    write('shared/leaks.ts', "export { web } from '../web/page.ts';\n");
    write('web/page.ts', 'export const web = 1;\n');
    write(
      'supabase/functions/demo/index.ts',
      [
        "import { ok } from '@/shared/ok.ts';",
        "import '@/shared/leaks.ts';",
        "import { direct } from '../../../shared/ok.ts';",
        "import lodash from 'lodash';",
        "import './missing';",
        "import 'node:crypto';",
        'export default [ok, direct, lodash];',
      ].join('\n'),
    );
    const result = walkFunctions(join(sandbox, 'supabase/functions'), sandbox);

    it('names each problem once, with the file and the import', () => {
      expect(result.problems).toEqual([
        'shared/leaks.ts: ../web/page.ts — leaves supabase/functions without the import map',
        'supabase/functions/demo/index.ts: ../../../shared/ok.ts — leaves supabase/functions without the import map',
        "supabase/functions/demo/index.ts: lodash — not in supabase/functions/deno.json's import map",
        'supabase/functions/demo/index.ts: ./missing — no such file (Deno needs the extension written out)',
      ]);
    });

    it('follows mapped files and package subpaths', () => {
      expect([...result.files].map((file) => file.slice(sandbox.length + 1)).sort()).toEqual([
        'shared/leaks.ts',
        'shared/ok.ts',
        'supabase/functions/demo/index.ts',
      ]);
    });
  });
});
