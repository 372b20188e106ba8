import { describe, expect, it } from 'vitest';
import { storePackageProblems } from '../../scripts/lib/storePackage.ts';

const hosted = {
  WXT_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co',
  WXT_SUPABASE_ANON_KEY: 'anon-key',
  WXT_DASHBOARD_URL: 'https://app.aivault.app',
};

describe('storePackageProblems', () => {
  it('accepts a hosted project and dashboard', () => {
    expect(storePackageProblems(hosted)).toEqual([]);
    expect(storePackageProblems({ ...hosted, WXT_DASHBOARD_URLS: 'https://app.aivault.app, https://www.aivault.app' })).toEqual([]);
  });

  it('asks for every missing value', () => {
    expect(storePackageProblems({})).toEqual([
      'Set WXT_SUPABASE_URL to your hosted Supabase project (https://<project>.supabase.co).',
      "Set WXT_SUPABASE_ANON_KEY to your hosted project's anon key.",
      'Set WXT_DASHBOARD_URL to the address the dashboard is served from (https://…).',
    ]);
  });

  it.each(['http://127.0.0.1:54321', 'https://localhost:54321', 'http://abc.supabase.co', 'https://[::1]:8000', 'https://stack.local'])(
    'refuses %s as the project address',
    (url) => {
      expect(storePackageProblems({ ...hosted, WXT_SUPABASE_URL: url })).toEqual([
        `WXT_SUPABASE_URL must be an https address on the internet, not ${url}.`,
      ]);
    },
  );

  it('refuses a local address among the dashboard origins, a non-URL and the development AI server', () => {
    expect(storePackageProblems({ ...hosted, WXT_DASHBOARD_URLS: 'https://app.aivault.app,http://127.0.0.1:5173' })).toEqual([
      'Each of WXT_DASHBOARD_URLS must be an https address on the internet, not http://127.0.0.1:5173.',
    ]);
    expect(storePackageProblems({ ...hosted, WXT_DASHBOARD_URL: 'app.aivault.app' })).toEqual([
      'WXT_DASHBOARD_URL is not a URL: app.aivault.app',
    ]);
    expect(storePackageProblems({ ...hosted, WXT_AI_BASE_URLS: '{"openai":"http://127.0.0.1:54330/v1"}' })).toEqual([
      'Unset WXT_AI_BASE_URLS: it sends AI calls to development servers.',
    ]);
  });
});
