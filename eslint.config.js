// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** How an import can name a top-level folder (relative paths and the aliases). */
const importsOf = (folder) => [
  `**/${folder}`,
  `**/${folder}/**`,
  `@/${folder}`,
  `@/${folder}/**`,
  `~/${folder}/**`,
  `@@/${folder}/**`,
  `~~/${folder}/**`,
];
const WEB_IMPORTS = importsOf('web');
const ENTRYPOINT_IMPORTS = importsOf('entrypoints');
/** The extension's own code (beside its entry points): what only the extension uses. */
const EXTENSION_IMPORTS = importsOf('extension');

/** Imports that would make shared/ depend on one front end. */
const FRONT_END_PATTERNS = [
  {
    group: WEB_IMPORTS,
    message: 'shared/ must not import from web/ (the dashboard). Move the code into shared/ instead.',
  },
  {
    group: ENTRYPOINT_IMPORTS,
    message: 'shared/ must not import from entrypoints/ (the extension). Move the code into shared/ instead.',
  },
  {
    group: EXTENSION_IMPORTS,
    message: "shared/ must not import from extension/ (the extension's own code). Move what both front ends use into shared/.",
  },
];

/** Packages shared/core may not use: it is pure domain logic (no browser, React or Supabase). */
const CORE_FORBIDDEN_PATTERNS = [
  {
    group: ['react', 'react/**', 'react-dom', 'react-dom/**', 'react-router', 'react-router-dom', 'jotai', 'jotai/**'],
    message: 'shared/core must stay pure: no React.',
  },
  { group: ['@mui/*', '@mui/**', '@emotion/*'], message: 'shared/core must stay pure: no MUI.' },
  { group: ['@supabase/*', '@supabase/**'], message: 'shared/core must stay pure: no Supabase.' },
  {
    group: ['webextension-polyfill', 'wxt', 'wxt/*', 'wxt/**', '#imports'],
    message: 'shared/core must stay pure: no browser extension APIs.',
  },
  {
    group: ['**/shared/ui', '**/shared/ui/**', '**/shared/data/**', '../ui/**', '../data/**'],
    message: 'shared/core must stay pure: it may not import the UI or data layers.',
  },
];

/** Imports that would tie the dashboard to the extension's code (shared/ holds what both use). */
const EXTENSION_PATTERNS = [
  {
    group: EXTENSION_IMPORTS,
    message: "web/ must not import from extension/ (the extension's own code). Move what both use into shared/.",
  },
  {
    group: ENTRYPOINT_IMPORTS,
    message: 'web/ must not import from entrypoints/ (the extension).',
  },
];

/** Imports that would pull the dashboard into the extension's entry points. */
const DASHBOARD_PATTERNS = [
  {
    group: WEB_IMPORTS,
    message: 'The extension must not import from web/ (the dashboard). Move what both use into shared/.',
  },
];

/**
 * The local stack (supabase/local) is a package of its own: it serves the product's migrations and
 * functions by reading them from disk at run time, but imports none of the product's code.
 */
const LOCAL_STACK_PATTERNS = ['shared', 'web', 'entrypoints', 'scripts', 'functions'].map((dir) => ({
  group: [`**/${dir}`, `**/${dir}/**`, `@/${dir}`, `@/${dir}/**`, `@/supabase/${dir}/**`],
  message: `The local stack must not import from ${dir === 'functions' ? 'supabase/functions' : `${dir}/`}: it is a package of its own. Inject what it needs (options of startLocalStack or runStackCli).`,
}));

/** A focused test (`.only`) silently skips the rest of the suite. */
const FOCUSED_TEST_SELECTORS = [
  {
    selector: "MemberExpression[property.name='only'][object.name=/^(test|it|describe|suite|bench)$/]",
    message: 'Remove .only: it skips every other test.',
  },
  {
    selector: "MemberExpression[property.name='only'][object.type='MemberExpression'][object.object.name=/^(test|it|describe)$/]",
    message: 'Remove .only: it skips every other test.',
  },
];

/**
 * `expect(ARG)` where ARG is an error: `x.error`, `x?.error`, `(await f()).error`, `error`, or a
 * name ending in Error (`x.authError`, `uploadError`). `path` leads from the matcher's call to the
 * expect call.
 */
const ERROR_NAME = String.raw`/^(error|\w*Error)$/`;
const expectOfError = (path) =>
  `[${path}.type='CallExpression'][${path}.callee.name='expect']` +
  `:matches([${path}.arguments.0.property.name=${ERROR_NAME}], [${path}.arguments.0.name=${ERROR_NAME}], ` +
  `[${path}.arguments.0.expression.property.name=${ERROR_NAME}])`;
const ANY_ERROR_MESSAGE =
  'This passes on any error, a crash or a 500 too. Assert what the refusal is: its code and status ' +
  "(expect(res.error?.code).toBe('42501'); expect(res.error).toMatchObject({ status: 403, code: 'otp_expired' }); " +
  "a function's response status and body) and the message the page shows.";
/** Tests may not settle for "some error": each names the refusal it expects. */
const ANY_ERROR_SELECTORS = [
  // expect(x.error).toBeTruthy() / .toBeDefined()
  {
    selector: `CallExpression[callee.property.name=/^(toBeTruthy|toBeDefined)$/]${expectOfError('callee.object')}`,
    message: ANY_ERROR_MESSAGE,
  },
  // expect(x.error).not.toBeNull() / .not.toBeUndefined() / .not.toBeFalsy()
  {
    selector: `CallExpression[callee.property.name=/^(toBeNull|toBeUndefined|toBeFalsy)$/][callee.object.property.name='not']${expectOfError('callee.object.object')}`,
    message: ANY_ERROR_MESSAGE,
  },
  // expect(x.error).not.toBe(null) / .not.toBe(undefined) / .not.toEqual(null)
  {
    selector: `CallExpression[callee.property.name=/^(toBe|toEqual|toStrictEqual)$/]:matches([arguments.0.raw='null'], [arguments.0.name='undefined'])[callee.object.property.name='not']${expectOfError('callee.object.object')}`,
    message: ANY_ERROR_MESSAGE,
  },
];

/** Calls whose object argument is a cache filter (a key prefix), not query options. */
const CACHE_FILTER_CALLS =
  '/^(invalidateQueries|refetchQueries|cancelQueries|removeQueries|resetQueries|setQueriesData|getQueriesData|isFetching|useIsFetching)$/';
/**
 * Server state goes through each feature's query factories (shared/ui/queries/, web/queries/,
 * extension/queries/): a key, its fetcher and its data type are defined once, so one key never
 * holds two shapes.
 */
const QUERY_FACTORY_SELECTORS = [
  // Query options written anywhere but in queryOptions / infiniteQueryOptions (useQuery, fetchQuery,
  // useQueries' items, a variable…); a cache filter ({ queryKey: prefix }) is no query options.
  {
    selector:
      "ObjectExpression:has(> Property[key.name='queryKey'])" +
      ':not(CallExpression[callee.name=/^(queryOptions|infiniteQueryOptions)$/] > ObjectExpression)' +
      `:not(CallExpression[callee.property.name=${CACHE_FILTER_CALLS}] > ObjectExpression)` +
      `:not(CallExpression[callee.name=${CACHE_FILTER_CALLS}] > ObjectExpression)`,
    message:
      "Read through the feature's query factory (useQuery(ideaQueries.list()), spreading in enabled/select), " +
      'defined once with queryOptions / infiniteQueryOptions in shared/ui/queries/, web/queries/ or extension/queries/: not inline options.',
  },
  // The cache read or written under a raw key: the factory's key carries the data type.
  {
    selector:
      'CallExpression[callee.property.name=/^(setQueryData|getQueryData|setQueriesData)$/]' +
      ":matches([arguments.0.callee.object.object.name='queryKeys'], [arguments.0.object.object.name='queryKeys'])",
    message: "Use the factory's key (setQueryData(ideaQueries.list().queryKey, …)), typed with its data, not a raw queryKeys key.",
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '.output/**',
      '.wxt/**',
      '.data/**',
      'dist/**',
      '.e2e/**',
      '.tmp/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  // Type-aware rules for TypeScript (tsconfig.json, through the project service): a promise nobody
  // awaits loses its error silently. JavaScript files (this config) are linted without types.
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // The Edge Functions' Deno entry points (`Deno.serve(handler)`) are outside tsconfig.json, which
  // type-checks their handlers instead: lint them without types.
  {
    files: ['supabase/functions/*/index.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  // A focused test (`.only`) silently skips the rest of the suite: forbidden everywhere, not only in CI.
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    rules: {
      'no-restricted-syntax': ['error', ...FOCUSED_TEST_SELECTORS],
    },
  },
  // In tests, a refusal is asserted for what it is, never as "some error". A later block replaces the
  // rule's options for these files, so the focused-test selectors are repeated here.
  {
    files: ['tests/**/*.{ts,tsx,js,mjs,cjs}'],
    rules: {
      'no-restricted-syntax': ['error', ...FOCUSED_TEST_SELECTORS, ...ANY_ERROR_SELECTORS],
    },
  },
  // The apps read and write server state through the query factories. A later block replaces the
  // rule's options for these files, so the focused-test selectors are repeated here.
  {
    files: ['{web,shared,entrypoints,extension}/**/*.{ts,tsx,js,jsx,mts,cts}'],
    rules: {
      'no-restricted-syntax': ['error', ...FOCUSED_TEST_SELECTORS, ...QUERY_FACTORY_SELECTORS],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Import boundaries: shared/ never imports a front end (web/, entrypoints/, extension/); shared/core is pure.
  {
    files: ['shared/**/*.{ts,tsx,js,jsx,mts,cts}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: FRONT_END_PATTERNS }],
    },
  },
  {
    files: ['shared/core/**/*.{ts,tsx,js,jsx,mts,cts}'],
    rules: {
      // A later block replaces the rule's options, so repeat the front-end patterns here.
      'no-restricted-imports': ['error', { patterns: [...FRONT_END_PATTERNS, ...CORE_FORBIDDEN_PATTERNS] }],
    },
  },
  // The dashboard and the extension never import each other's code.
  {
    files: ['web/**/*.{ts,tsx,js,jsx,mts,cts}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: EXTENSION_PATTERNS }],
    },
  },
  // What the public entry draws links through web/lib/navigation.tsx: the first visit downloads no router.
  {
    files: [
      'web/public/**/*.{ts,tsx}',
      'web/layouts/PublicLayout.tsx',
      'web/layouts/PublicMenu.tsx',
      'web/pages/LandingPage.tsx',
      'web/pages/auth/{AuthPage,AdminAccessPage,MasterLoginPage,ForgotPasswordPage}.tsx',
      'web/pages/info/{PrivacyPage,TermsPage,ContactPage,PurchaseCancelledPage}.tsx',
      'web/pages/tools/*.tsx',
      'web/components/Support*.tsx',
      'web/routes/{publicPages.ts,SignedOutOnly.tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...EXTENSION_PATTERNS,
            { group: ['react-router', 'react-router-dom'], message: 'Public pages link through web/lib/navigation.tsx.' },
          ],
        },
      ],
    },
  },
  {
    files: ['{entrypoints,extension}/**/*.{ts,tsx,js,jsx,mts,cts}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: DASHBOARD_PATTERNS }],
    },
  },
  {
    files: ['supabase/local/**/*.{ts,tsx,js,mjs,cjs}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: LOCAL_STACK_PATTERNS }],
    },
  },
);
