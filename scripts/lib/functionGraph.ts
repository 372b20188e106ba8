import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * The import graph of the Edge Functions as a deploy sees it: every function's `index.ts`, its
 * relative imports, and bare imports through `supabase/functions/deno.json`'s import map only
 * (hosted Supabase has no node_modules). What it reaches is what a deploy uploads. Problems are
 * what would stop a deploy or a boot: a relative import that leaves the functions folder without
 * going through the map, a bare import the map does not name, a file that is not there (Deno wants
 * the extension written out).
 */

export interface FunctionGraph {
  /** Every file reached, absolute paths. */
  files: Set<string>;
  /** Each problem as "<file>: <import> — <why>", paths relative to the repository. */
  problems: string[];
  /** The folders the import map adds to the deploy (absolute, e.g. the repository's shared/). */
  mappedRoots: string[];
}

const EXTERNAL = /^(npm|jsr|node|https?):/;

export function functionEntries(functionsDir: string): string[] {
  return readdirSync(functionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && existsSync(join(functionsDir, entry.name, 'index.ts')))
    .map((entry) => join(functionsDir, entry.name, 'index.ts'))
    .sort();
}

export function readImportMap(functionsDir: string): Record<string, string> {
  return (JSON.parse(readFileSync(join(functionsDir, 'deno.json'), 'utf8')) as { imports?: Record<string, string> }).imports ?? {};
}

/** The import map's answer for a bare specifier: exact key, else the longest "prefix/" key. */
function mapped(specifier: string, imports: Record<string, string>): string | null {
  if (specifier in imports) return imports[specifier]!;
  const prefix = Object.keys(imports)
    .filter((key) => key.endsWith('/') && specifier.startsWith(key))
    .sort((a, b) => b.length - a.length)[0];
  if (prefix) return imports[prefix]! + specifier.slice(prefix.length);
  // Deno resolves a package's subpath (`pkg/sub`) through the package's own npm: entry.
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
  const entry = imports[name];
  return entry?.startsWith('npm:') ? `${entry}${specifier.slice(name.length)}` : null;
}

const inside = (file: string, folder: string) => file === folder || file.startsWith(folder.endsWith(sep) ? folder : folder + sep);

export function walkFunctions(functionsDir: string, repoRoot: string, entries = functionEntries(functionsDir)): FunctionGraph {
  const imports = readImportMap(functionsDir);
  const mappedRoots = Object.values(imports)
    .filter((target) => target.startsWith('./') || target.startsWith('../'))
    .map((target) => resolve(functionsDir, target));
  const roots = [functionsDir, ...mappedRoots];
  const files = new Set<string>();
  const problems: string[] = [];
  const show = (path: string) => relative(repoRoot, path);

  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      let target: string;
      if (specifier.startsWith('./') || specifier.startsWith('../')) {
        target = resolve(dirname(file), specifier);
        // A relative import stays in its own root: supabase/functions, or the mapped folder it is in.
        const own = roots.filter((root) => inside(file, root)).sort((a, b) => b.length - a.length)[0];
        if (!own || !inside(target, own)) {
          problems.push(`${show(file)}: ${specifier} — leaves supabase/functions without the import map`);
          continue;
        }
      } else if (EXTERNAL.test(specifier)) {
        continue;
      } else {
        const answer = mapped(specifier, imports);
        if (answer === null) {
          problems.push(`${show(file)}: ${specifier} — not in supabase/functions/deno.json's import map`);
          continue;
        }
        if (EXTERNAL.test(answer)) continue;
        target = resolve(functionsDir, answer);
      }
      if (!existsSync(target) || !statSync(target).isFile()) {
        problems.push(`${show(file)}: ${specifier} — no such file (Deno needs the extension written out)`);
        continue;
      }
      visit(target);
    }
  };
  for (const entry of entries) visit(entry);
  return { files, problems, mappedRoots };
}
