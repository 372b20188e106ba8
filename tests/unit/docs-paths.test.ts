import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs point at things that exist: every repository path written in README.md, docs/ and the
 * Edge Functions' and the local stack's READMEs (in backticks), and every `npm run` script they name. Paths in the feature
 * table are written from shared/ (`core/…`), Edge Function paths from supabase/functions, protocol
 * files from shared/ai; a bare file name must exist somewhere in the repository. Names that are not
 * repository files are listed below with what they are.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const DOCS = [
  'README.md',
  'supabase/functions/README.md',
  'supabase/local/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const TOP_FOLDERS = ['entrypoints/', 'extension/', 'web/', 'shared/', 'supabase/', 'tests/', 'scripts/', 'docs/', 'public/', '.ci/'];
const SHORT_FOLDERS = /^(core|data|ui|ai|ext|export|files|_shared|local|functions|migrations|pages|protocol)\//;
const FILE_ENDINGS = /\.(ts|tsx|md|json|sql|toml|html|css|js)$/;
/** Where a path in the docs may be written from. */
const BASES = ['', 'shared/', 'shared/ai/', 'supabase/functions/', 'supabase/', 'supabase/local/', 'web/'];
/** Names in the docs that are not files of the repository. */
const NOT_REPOSITORY_FILES = new Set([
  // Build output: the dashboard's shell page in dist/web.
  'app.html',
  'dist/web/app.html',
  // What the admin exports download.
  'ai_vault_user_data.json',
  'ai_vault_all_app_data.json',
]);

// What the repository holds (a clean checkout): tracked files and the folders they are in.
const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
const trackedNames = new Set(tracked.map((path) => basename(path)));
const trackedPaths = new Set(tracked.flatMap((path) => path.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'))));
/** Build outputs, named in the docs as where to find things after a build. */
const BUILD_OUTPUTS = ['.output/', 'dist/'];
const scripts = Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);

/** Backticked words of a document that are written as repository paths or file names. */
function pathsIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/`([^`\s]+)`/g)) {
    const token = match[1]!.replace(/[),.:;]+$/, '');
    // Patterns, placeholders, URLs, import specifiers and fragments are not paths to check.
    if (/[*{}<>:$?=|]|\.\.\./.test(token) || /^(https?:|@\/|\/|-)/.test(token)) continue;
    if (TOP_FOLDERS.some((folder) => token.startsWith(folder)) || SHORT_FOLDERS.test(token) || FILE_ENDINGS.test(token)) found.push(token);
  }
  return found;
}

const exists = (token: string): boolean => {
  if (!token.includes('/')) return trackedNames.has(token);
  const path = token.replace(/\/$/, '');
  return BASES.some((base) => trackedPaths.has(`${base}${path}`));
};

describe('the docs point at what exists', () => {
  it.each(DOCS)('%s: every path it names exists', (doc) => {
    const paths = pathsIn(readFileSync(join(ROOT, doc), 'utf8'));
    expect(paths.length).toBeGreaterThan(0);
    const unknown = paths.filter(
      (path) => !NOT_REPOSITORY_FILES.has(path) && !BUILD_OUTPUTS.some((output) => path.startsWith(output)) && !exists(path),
    );
    expect(unknown).toEqual([]);
  });

  it.each(DOCS)('%s: every npm script it names exists', (doc) => {
    const named = [...readFileSync(join(ROOT, doc), 'utf8').matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]!);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });

  it('notices a path that does not exist', () => {
    expect(pathsIn('see `shared/core/nothing-here.ts` and `core/usage/cost.ts`').filter((path) => !exists(path))).toEqual([
      'shared/core/nothing-here.ts',
    ]);
  });
});
