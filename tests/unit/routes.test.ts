import { describe, expect, it } from 'vitest';
import {
  isKnownPath,
  isProtectedPath,
  isPublicPath,
  logoTarget,
  matchesRoute,
  normalizePath,
  productPath,
  PROTECTED_ROUTES,
  PUBLIC_ROUTES,
  ROUTES,
  runPromptPath,
  unknownPathTarget,
  workspacePath,
} from '@/shared/core/routes.ts';

describe('route map', () => {
  it('lists every public route', () => {
    expect([...PUBLIC_ROUTES].sort()).toEqual(
      [
        '/',
        '/auth',
        '/admin-access',
        '/master-login',
        '/forgot-password',
        '/update-password',
        '/support',
        '/privacy',
        '/terms',
        '/contact',
        '/app-summary',
        '/products',
        '/product/:productId',
        '/purchase-success',
        '/purchase-cancelled',
        '/free-tools',
        '/free-tools/headline-analyzer',
        '/free-tools/color-palette',
        '/free-tools/lorem-ipsum',
      ].sort(),
    );
  });

  it('lists every signed-in-only route', () => {
    for (const path of [
      '/dashboard',
      '/manage-folders',
      '/prompts',
      '/workflows',
      '/my-prompts',
      '/training',
      '/admin/dashboard',
      '/admin/users',
      '/ai-features',
      '/prompt-stacks',
      '/pitch-deck',
      '/saved-ideas',
      '/knowledge-base',
      '/document-generator',
      '/prompts-library',
      '/recommended-prompts',
      '/settings',
      '/billing',
      '/run-prompt/:promptId',
      '/file-manager',
      '/workspace/:workspaceId',
    ]) {
      expect(PROTECTED_ROUTES).toContain(path);
    }
    expect(PROTECTED_ROUTES).toContain(ROUTES.aiTools);
  });

  it('keeps public and signed-in-only routes apart', () => {
    for (const route of PUBLIC_ROUTES) expect(PROTECTED_ROUTES).not.toContain(route);
  });

  it('builds parameterised paths', () => {
    expect(productPath('p 1')).toBe('/product/p%201');
    expect(runPromptPath('abc')).toBe('/run-prompt/abc');
    expect(workspacePath('w1')).toBe('/workspace/w1');
    expect(ROUTES.login).toBe('/login');
  });
});

describe('path matching', () => {
  it('normalizes query, hash and trailing slashes', () => {
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('/');
    expect(normalizePath('/auth/')).toBe('/auth');
    expect(normalizePath('/purchase-success?product_id=1#x')).toBe('/purchase-success');
    expect(normalizePath('dashboard')).toBe('/dashboard');
  });

  it('matches :param segments', () => {
    expect(matchesRoute('/product/:productId', '/product/123')).toBe(true);
    expect(matchesRoute('/product/:productId', '/product')).toBe(false);
    expect(matchesRoute('/product/:productId', '/product/1/2')).toBe(false);
    expect(matchesRoute('/', '/')).toBe(true);
    expect(matchesRoute('/', '/auth')).toBe(false);
  });

  it('classifies paths', () => {
    expect(isPublicPath('/free-tools/color-palette')).toBe(true);
    expect(isProtectedPath('/run-prompt/7')).toBe(true);
    expect(isKnownPath('/nope')).toBe(false);
    expect(isKnownPath('/login')).toBe(false);
  });
});

// The redirects themselves are made by the route map's guards (web/routes/guards.tsx), which
// tests/e2e/routes.spec.ts checks on every route in both sign-in states.
describe('routing rules', () => {
  it('sends unknown paths to /dashboard when signed in, otherwise to /', () => {
    expect(unknownPathTarget(true)).toBe('/dashboard');
    expect(unknownPathTarget(false)).toBe('/');
  });

  it('points the header logo at /dashboard when signed in, otherwise /', () => {
    expect(logoTarget(true)).toBe('/dashboard');
    expect(logoTarget(false)).toBe('/');
  });
});
