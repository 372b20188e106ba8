import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * Who imports what in the repository: static imports, re-exports and dynamic `import()`, written
 * relative or through the `@/` alias (the repository root, as in tsconfig.json and the Edge
 * Functions' import map). Paths are relative to the root, with `/`.
 */

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report']);
/** Import suffixes written without an extension, tried in this order. */
const CANDIDATES = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx'];

/** Source files under the root, without dot-folders (build output, the local stack's data). */
function sourceFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(root, path);
    return SOURCE.test(entry.name) ? [relative(root, path).split('\\').join('/')] : [];
  });
}

function resolveImport(root: string, from: string, specifier: string): string | null {
  const bare = specifier.replace(/\?.*$/, '');
  let base: string;
  if (bare.startsWith('./') || bare.startsWith('../')) base = resolve(root, dirname(from), bare);
  else if (bare.startsWith('@/')) base = join(root, bare.slice(2));
  else return null;
  for (const suffix of CANDIDATES) {
    const path = base + suffix;
    if (existsSync(path) && statSync(path).isFile()) return relative(root, path).split('\\').join('/');
  }
  return null;
}

/** For each file (imported or not), the files it imports. */
export function importGraph(root: string, files = sourceFiles(root)): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    const targets = importedFiles.map(({ fileName }) => resolveImport(root, file, fileName)).filter((target) => target !== null);
    graph.set(file, new Set(targets));
  }
  return graph;
}

/** The files under `folder` that are reached from `starts`, following imports inside `folder` only. */
export function reachedIn(graph: Map<string, Set<string>>, starts: Iterable<string>, folder: string): Set<string> {
  const reached = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    for (const target of graph.get(queue.pop()!) ?? []) {
      if (!target.startsWith(folder) || reached.has(target)) continue;
      reached.add(target);
      queue.push(target);
    }
  }
  return reached;
}
