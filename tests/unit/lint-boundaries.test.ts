import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Proves the import-boundary rules of eslint.config.js: shared/ never imports a front end (web/,
 * entrypoints/ or the extension's own extension/), web/ and the extension never import each
 * other, and shared/core imports nothing from the browser, React or Supabase.
 */
const cwd = fileURLToPath(new URL('../..', import.meta.url));
// The linted files are virtual (not in tsconfig.json), so the type-aware rules are off: the
// project service would refuse them, and the import rules need no types.
const eslint = new ESLint({ cwd, overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }] });

// The first lint loads the config, the plugins and the TypeScript parser: several seconds on a
// busy machine, so it happens here under its own timeout rather than in the first test's.
beforeAll(async () => {
  await eslint.lintText('export {};\n', { filePath: 'shared/core/warm-up.ts' });
}, 60_000);

async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  expect(result).toBeDefined();
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries', () => {
  it('forbids shared/ from importing the dashboard', async () => {
    const messages = await restrictedImports("import { App } from '@/web/App.tsx';\nexport const x = App;\n", 'shared/ui/Fake.tsx');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/shared\/ must not import from web\//);
  });

  it('forbids shared/ from importing the extension', async () => {
    const messages = await restrictedImports("import bg from '../entrypoints/background.ts';\nexport const x = bg;\n", 'shared/fake.ts');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/entrypoints\//);
  });

  it.each([
    ["import { extItems } from '@/extension/lib/items.ts';", 'shared/ui/Fake.tsx'],
    ["import { PanelApp } from '../../extension/ui/PanelApp.tsx';", 'shared/ui/Fake.tsx'],
    ["import '../../extension/lib/messaging.ts';", 'shared/core/fake.ts'],
  ])("forbids shared/ from importing the extension's own code: %s", async (line, filePath) => {
    const messages = await restrictedImports(`${line}\nexport {};\n`, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/shared\/ must not import from extension\//);
  });

  it('forbids the @/ alias into web/ too', async () => {
    const messages = await restrictedImports("import '@/web/main.tsx';\n", 'shared/data/fake.ts');
    expect(messages).toHaveLength(1);
  });

  it.each([
    ["import { useState } from 'react';", /no React/],
    ["import { Button } from '@mui/material';", /no MUI/],
    ["import Button from '@mui/material/Button';", /no MUI/],
    ["import { createClient } from '@supabase/supabase-js';", /no Supabase/],
    ["import browser from 'webextension-polyfill';", /no browser extension APIs/],
    ["import { browser } from 'wxt/browser';", /no browser extension APIs/],
    ["import { theme } from '../ui/theme.ts';", /UI or data layers/],
  ])('keeps shared/core pure: %s', async (line, expected) => {
    const messages = await restrictedImports(`${line}\nexport {};\n`, 'shared/core/fake.ts');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(expected);
  });

  it('allows shared/core to import other core modules', async () => {
    const messages = await restrictedImports("import { ROUTES } from './routes.ts';\nexport const r = ROUTES;\n", 'shared/core/fake.ts');
    expect(messages).toEqual([]);
  });

  it('allows shared/ui to use React and MUI, and web/ to use shared/', async () => {
    expect(await restrictedImports("import { useState } from 'react';\nexport const u = useState;\n", 'shared/ui/Fake.tsx')).toEqual([]);
    expect(
      await restrictedImports("import { ROUTES } from '../shared/core/routes.ts';\nexport const r = ROUTES;\n", 'web/Fake.tsx'),
    ).toEqual([]);
  });
});

describe('dashboard and extension boundaries', () => {
  it.each([
    ["import { openDashboard } from '@/extension/lib/dashboardOpen.ts';", 'web/lib/fake.ts'],
    ["import { extItems } from '../../../extension/lib/items.ts';", 'web/pages/settings/Fake.tsx'],
    ["import { PanelApp } from '@/extension/ui/PanelApp.tsx';", 'web/components/Fake.tsx'],
    ["import '@/extension/lib/messaging.ts';", 'web/Fake.tsx'],
    ["import { FOLDER_PAGE_SIZE } from '@/extension/queries/panelLibrary.ts';", 'web/pages/LandingPage.tsx'],
  ])("forbids web/ from importing the extension's own code: %s", async (line, filePath) => {
    const messages = await restrictedImports(`${line}\nexport {};\n`, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/web\/ must not import from extension\//);
  });

  it('forbids web/ from importing the extension entry points', async () => {
    const messages = await restrictedImports("import bg from '../entrypoints/background.ts';\nexport const x = bg;\n", 'web/Fake.tsx');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/web\/ must not import from entrypoints\//);
  });

  it('forbids the extension entry points from importing web/', async () => {
    const messages = await restrictedImports(
      "import { supabase } from '../web/lib/supabase.ts';\nexport const s = supabase;\n",
      'entrypoints/fake.ts',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/The extension must not import from web\//);
  });

  it.each(['extension/lib/fake.ts', 'extension/ui/Fake.tsx'])('forbids %s from importing web/', async (filePath) => {
    const depth = filePath.split('/').length - 1;
    const messages = await restrictedImports(
      `import { supabase } from '${'../'.repeat(depth)}web/lib/supabase.ts';\nexport const s = supabase;\n`,
      filePath,
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/The extension must not import from web\//);
  });

  it('allows both sides to use shared/core and shared/ui, and the entry points to use extension/', async () => {
    expect(
      await restrictedImports(
        "import { readHandoffFragment } from '@/shared/core/handoff.ts';\nexport const r = readHandoffFragment;\n",
        'web/lib/fake.ts',
      ),
    ).toEqual([]);
    expect(
      await restrictedImports("import { useNotify } from '@/shared/ui/notices.tsx';\nexport const n = useNotify;\n", 'web/lib/Fake.tsx'),
    ).toEqual([]);
    expect(
      await restrictedImports(
        "import { dashboardOrigins } from '../shared/core/bridge.ts';\nexport const d = dashboardOrigins;\n",
        'entrypoints/fake.ts',
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        "import { PanelApp } from '../extension/ui/PanelApp.tsx';\nexport const p = PanelApp;\n",
        'entrypoints/fake.tsx',
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        "import { useNotify } from '@/shared/ui/notices.tsx';\nimport { theme } from '../../shared/ui/theme.ts';\nexport const n = [useNotify, theme];\n",
        'extension/ui/Fake.tsx',
      ),
    ).toEqual([]);
  });
});

describe('local stack boundary', () => {
  it.each([
    ["import { encryptKey } from '../../../shared/core/keyCipher.ts';", 'supabase/local/auth/fake.ts', /shared\//],
    ["import { EXTENSION_REDIRECT_PATTERNS } from '../../shared/core/extensionIdentity.ts';", 'supabase/local/fake.ts', /shared\//],
    ["import { monitored } from '../functions/_shared/monitoring.ts';", 'supabase/local/fake.ts', /supabase\/functions/],
    ["import x from '@/supabase/functions/_shared/http.ts';", 'supabase/local/rest/fake.ts', /supabase\/functions/],
    ["import { masterAdminFromEnv } from '../../scripts/admin-create.ts';", 'supabase/local/fake.ts', /scripts\//],
    ["import { App } from '@/web/App.tsx';", 'supabase/local/fake.ts', /web\//],
    ["import bg from '../../entrypoints/background.ts';", 'supabase/local/fake.ts', /entrypoints\//],
  ])('refuses %s in the stack', async (line, filePath, expected) => {
    const messages = await restrictedImports(`${line}\nexport {};\n`, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(expected);
  });

  it("allows the stack's own modules and its packages", async () => {
    const code =
      "import { seal } from './seal.ts';\nimport { createFunctionsHandler } from '../functions.ts';\nimport { SignJWT } from 'jose';\nexport {};\n";
    expect(await restrictedImports(code, 'supabase/local/auth/fake.ts')).toEqual([]);
  });
});

describe('focused tests', () => {
  async function onlyMessages(code: string, filePath: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  }

  it.each(["it.only('a', () => {});", "describe.only('a', () => {});", "test.only('a', () => {});", "test.describe.only('a', () => {});"])(
    'refuses %s anywhere in the repository',
    async (line) => {
      for (const filePath of ['tests/unit/fake.test.ts', 'tests/e2e/fake.spec.ts', 'shared/core/fake.ts']) {
        expect(await onlyMessages(`${line}\n`, filePath)).toEqual(['Remove .only: it skips every other test.']);
      }
    },
  );

  it('allows skip and plain tests', async () => {
    expect(await onlyMessages("test.skip('a', () => {});\nit('b', () => {});\n", 'tests/unit/fake.test.ts')).toEqual([]);
  });
});
