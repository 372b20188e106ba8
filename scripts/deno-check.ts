import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { functionEntries, walkFunctions } from './lib/functionGraph.ts';
import { denoEnv } from '../supabase/local/denoFunctions.ts';
import { bin, root } from './lib/proc.ts';

/**
 * `deno check` of every Edge Function as a deploy ships it: a fresh folder holding only the files
 * the functions' import graph reaches (supabase/functions and what deno.json maps), the import map
 * and the lock file, checked by Deno with the lock frozen (`-- --update-lock` refreshes the lock). A file the graph misses, a Node-only
 * type or a package missing from the map fails here, not on the hosted project.
 */
const functionsDir = join(root, 'supabase/functions');
// `npm run check:functions -- --update-lock`: after changing a function's imports, records the
// packages they now reach in supabase/functions/deno.lock.
const updateLock = process.argv.includes('--update-lock');
const graph = walkFunctions(functionsDir, root);
if (graph.problems.length > 0) {
  console.error(`The Edge Functions' imports do not resolve as a deploy resolves them:\n  ${graph.problems.join('\n  ')}`);
  process.exit(1);
}

if (updateLock) {
  const entries = functionEntries(functionsDir);
  const checked = spawnSync(
    bin('deno'),
    ['install', '--frozen=false', '--config', join(functionsDir, 'deno.json'), '--entrypoint', ...entries],
    {
      stdio: 'inherit',
      env: { ...process.env, ...denoEnv() },
    },
  );
  process.exit(checked.status ?? 1);
}

const bundle = mkdtempSync(join(tmpdir(), 'functions-bundle-'));
try {
  for (const file of [...graph.files, join(functionsDir, 'deno.json'), join(functionsDir, 'deno.lock')]) {
    const copy = join(bundle, relative(root, file));
    mkdirSync(dirname(copy), { recursive: true });
    copyFileSync(file, copy);
  }
  const entries = functionEntries(functionsDir).map((entry) => join(bundle, relative(root, entry)));
  console.log(`deno check: ${entries.length} functions, ${graph.files.size} files in the deploy bundle`);
  const checked = spawnSync(bin('deno'), ['check', '--frozen', '--config', join(bundle, 'supabase/functions/deno.json'), ...entries], {
    stdio: 'inherit',
    env: { ...process.env, ...denoEnv() },
  });
  if (checked.status !== 0) {
    console.error('deno check failed (a changed import? `npm run check:functions -- --update-lock` records it in deno.lock).');
    process.exitCode = 1;
  }
} finally {
  rmSync(bundle, { recursive: true, force: true });
}
