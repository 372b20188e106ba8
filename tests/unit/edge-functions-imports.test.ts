import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// On hosted Supabase, Edge Functions run on Deno, where a bare import resolves only through
// supabase/functions/deno.json's import map; locally npm resolves everything. A package reached
// from a handler (through shared/ too) but missing from the map deploys and then fails to boot.
const functionsDir = resolve(__dirname, '../../supabase/functions');
const importMap = JSON.parse(readFileSync(join(functionsDir, 'deno.json'), 'utf8')) as { imports: Record<string, string> };

const importPattern = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** Bare packages reached from a file, following relative imports (type-only imports are erased). */
function barePackages(entry: string): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(importPattern)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (/^\s*(?:import|export)\s+type\s/.test(match[0].trimStart()) || specifier.startsWith('node:')) continue;
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier);
        const candidates = [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')];
        const hit = candidates.find((path) => existsSync(path) && statSync(path).isFile());
        if (hit) visit(hit);
      } else {
        found.add(packageName(specifier));
      }
    }
  };
  visit(entry);
  return found;
}

const handlers = readdirSync(functionsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && existsSync(join(functionsDir, entry.name, 'handler.ts')))
  .map((entry) => entry.name);

describe('Edge Functions on Deno', () => {
  it('finds the functions', () => {
    expect(handlers).toEqual(expect.arrayContaining(['fetch-url', 'generate-document', 'stripe-webhook']));
  });

  it.each(handlers)('%s: every package it imports is in deno.json', (name) => {
    const missing = [...barePackages(join(functionsDir, name, 'handler.ts'))].filter((pkg) => !(pkg in importMap.imports));
    expect(missing).toEqual([]);
  });

  it('sees packages reached through shared/', () => {
    expect([...barePackages(join(functionsDir, 'generate-document', 'handler.ts'))]).toEqual(expect.arrayContaining(['openai', 'zod']));
  });
});
