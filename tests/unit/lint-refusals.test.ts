import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Proves the refusal rule of eslint.config.js: in tests/, an assertion that passes on any error
 * (a crash or a 500 included) is refused, and the focused-test rule still applies there.
 */
const cwd = fileURLToPath(new URL('../..', import.meta.url));
// The linted files are virtual (not in tsconfig.json), so the type-aware rules are off: the
// project service would refuse them, and no-restricted-syntax needs no types.
const eslint = new ESLint({ cwd, overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }] });

// The first lint loads the config, the plugins and the TypeScript parser: several seconds on a
// busy machine, so it happens here under its own timeout rather than in the first test's.
beforeAll(async () => {
  await eslint.lintText('export {};\n', { filePath: 'tests/unit/warm-up.test.ts' });
}, 60_000);

const ANY_ERROR = /^This passes on any error, a crash or a 500 too\. Assert what the refusal is: its code and status/;

async function restrictedSyntax(code: string, filePath = 'tests/integration/fake.test.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  expect(result).toBeDefined();
  expect(result?.messages.filter((m) => m.fatal)).toEqual([]);
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

/** The line inside an async test, with the names it uses declared. */
const inTest = (line: string) =>
  [
    "import { expect, it } from 'vitest';",
    'declare const x: { error: unknown; data: unknown };',
    'declare const error: unknown;',
    'declare const uploadError: unknown;',
    'declare function call(): Promise<{ error: unknown }>;',
    "it('refuses', async () => {",
    `  ${line}`,
    '});',
    '',
  ].join('\n');

describe('assertions that pass on any error', () => {
  it.each([
    'expect(x.error).not.toBeNull();',
    'expect(x.error).toBeTruthy();',
    'expect(x.error).toBeDefined();',
    'expect(x?.error).toBeTruthy();',
    'expect((await call()).error).not.toBeNull();',
    'expect(x.error).not.toBeUndefined();',
    'expect(x.error).not.toBe(null);',
    'expect(error).not.toBeNull();',
    'expect(error).toBeTruthy();',
    'expect(uploadError).not.toBeNull();',
    'expect(uploadError).toBeTruthy();',
  ])('refuses %s in tests/', async (line) => {
    const messages = await restrictedSyntax(inTest(line));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(ANY_ERROR);
  });

  it('applies to every test folder, e2e included', async () => {
    for (const filePath of ['tests/e2e/fake.spec.ts', 'tests/unit/fake.test.ts', 'tests/integration/helpers.ts']) {
      const messages = await restrictedSyntax(inTest('expect(x.error).toBeTruthy();'), filePath);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(ANY_ERROR);
    }
  });

  it.each([
    'expect(x.error).toBeNull();',
    "expect(x.error?.code).toBe('42501');",
    "expect(x.error).toMatchObject({ status: 403, code: 'otp_expired' });",
    'expect(error).toBeNull();',
    'expect(x.data).toBeTruthy();',
    'expect(x.data).not.toBeNull();',
  ])('allows %s', async (line) => {
    expect(await restrictedSyntax(inTest(line))).toEqual([]);
  });

  it('leaves code outside tests/ alone', async () => {
    expect(await restrictedSyntax(inTest('expect(x.error).toBeTruthy();'), 'shared/core/fake.ts')).toEqual([]);
  });
});

describe('focused tests in tests/', () => {
  it.each(["it.only('a', () => {});", "describe.only('a', () => {});", "test.describe.only('a', () => {});"])(
    'still refuses %s beside the refusal rule',
    async (line) => {
      for (const filePath of ['tests/unit/fake.test.ts', 'tests/integration/fake.test.ts', 'tests/e2e/fake.spec.ts']) {
        expect(await restrictedSyntax(`${line}\n`, filePath)).toEqual(['Remove .only: it skips every other test.']);
      }
    },
  );
});
