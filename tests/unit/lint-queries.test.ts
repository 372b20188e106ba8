import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Proves the server-state rule of eslint.config.js: in web/, shared/, entrypoints/ and extension/
 * query options come from a feature's factory (queryOptions / infiniteQueryOptions), never inline,
 * and the cache is read and written through a factory's typed key, never a raw queryKeys key. The
 * rule's block repeats the focused-test selectors, which must still fire there.
 */
const cwd = fileURLToPath(new URL('../..', import.meta.url));
// The linted files are virtual (not in tsconfig.json): the type-aware rules are off, this rule needs no types.
const eslint = new ESLint({ cwd, overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }] });

// The first lint loads the config, the plugins and the TypeScript parser: several seconds on a busy machine.
beforeAll(async () => {
  await eslint.lintText('export {};\n', { filePath: 'web/warm-up.ts' });
}, 60_000);

const HEADER = [
  "import { queryOptions, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';",
  "import { queryKeys } from '@/shared/ui/queryKeys.ts';",
  'declare const queryFn: () => Promise<string[]>;',
  'declare const ideaQueries: { list: () => ReturnType<typeof queryOptions> };',
  '',
].join('\n');

/** The no-restricted-syntax messages a snippet gets in a file at `filePath`. */
async function restricted(body: string, filePath = 'web/pages/fake/useFake.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(`${HEADER}export function useFake() {\n${body}\n}\n`, { filePath });
  if (!result) throw new Error('ESLint returned no result');
  const fatal = result.messages.filter((m) => m.fatal);
  expect(fatal).toEqual([]);
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('query options come from a factory', () => {
  it.each([
    ['useQuery', 'return useQuery({ queryKey: queryKeys.ideas.list(), queryFn });'],
    ['useQuery with a factory spread in, its key replaced', 'return useQuery({ ...ideaQueries.list(), queryKey: queryKeys.ideas.all });'],
    ['fetchQuery', 'return useQueryClient().fetchQuery({ queryKey: queryKeys.quota.all, queryFn });'],
    ['prefetchQuery', 'return useQueryClient().prefetchQuery({ queryKey: queryKeys.ideas.list(), queryFn });'],
    ['ensureQueryData', 'return useQueryClient().ensureQueryData({ queryKey: queryKeys.ideas.list(), queryFn });'],
    ["useQueries' items", 'return useQueries({ queries: [{ queryKey: queryKeys.ideas.list(), queryFn }] });'],
    ['options kept in a variable', 'const options = { queryKey: queryKeys.quota.all, queryFn };\nreturn useQuery(options);'],
  ])('fires on inline options: %s', async (_name, body) => {
    const messages = await restricted(body);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/factory/);
  });

  it('fires in shared/, entrypoints/ and extension/ too', async () => {
    const body = 'return useQuery({ queryKey: queryKeys.ideas.list(), queryFn });';
    expect(await restricted(body, 'shared/ui/fake/useFake.ts')).toHaveLength(1);
    expect(await restricted(body, 'entrypoints/fake/useFake.ts')).toHaveLength(1);
    expect(await restricted(body, 'extension/ui/useFake.ts')).toHaveLength(1);
  });

  it.each([
    ['a factory', 'return useQuery(ideaQueries.list());'],
    ['a factory with its own enabled', 'return useQuery({ ...ideaQueries.list(), enabled: false });'],
    ['the options inside queryOptions', 'return queryOptions({ queryKey: queryKeys.ideas.list(), queryFn });'],
    ['prefix invalidation', 'return useQueryClient().invalidateQueries({ queryKey: queryKeys.ideas.all });'],
    [
      'a change to every list under a prefix',
      'return useQueryClient().setQueriesData({ queryKey: queryKeys.documents.lists() }, (x) => x);',
    ],
    ['removing a query', 'return useQueryClient().removeQueries({ queryKey: ideaQueries.list().queryKey, exact: true });'],
  ])('does not fire on %s', async (_name, body) => {
    expect(await restricted(body)).toEqual([]);
  });
});

describe('the cache is read and written through a factory key', () => {
  it.each([
    ['setQueryData', 'useQueryClient().setQueryData(queryKeys.ideas.list(), []);'],
    ['getQueryData', 'return useQueryClient().getQueryData(queryKeys.ideas.list());'],
    ['setQueryData with a type argument', 'useQueryClient().setQueryData<string[]>(queryKeys.ideas.list(), []);'],
    ['a raw key that is no call', 'useQueryClient().setQueryData(queryKeys.quota.all, null);'],
  ])('fires on a raw queryKeys key: %s', async (_name, body) => {
    const messages = await restricted(body);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/\.queryKey/);
  });

  it('does not fire on a factory key', async () => {
    expect(await restricted('useQueryClient().setQueryData(ideaQueries.list().queryKey, []);')).toEqual([]);
    expect(await restricted('return useQueryClient().getQueryData(ideaQueries.list().queryKey);')).toEqual([]);
  });
});

describe('the focused-test rule still holds under this block', () => {
  it.each(['web/pages/fake/useFake.ts', 'shared/ui/fake/useFake.ts', 'entrypoints/fake/useFake.ts', 'extension/ui/useFake.ts'])(
    '.only fires in %s',
    async (filePath) => {
      const messages = await restricted("it.only('x', () => {});\ndescribe.only('y', () => {});", filePath);
      expect(messages).toEqual(['Remove .only: it skips every other test.', 'Remove .only: it skips every other test.']);
    },
  );

  it('leaves tests/ to their own rules (inline options are fine in a test)', async () => {
    expect(await restricted('return useQuery({ queryKey: queryKeys.ideas.list(), queryFn });', 'tests/unit/fake.test.ts')).toEqual([]);
  });
});
