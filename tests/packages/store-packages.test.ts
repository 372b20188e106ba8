import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DASHBOARD_URL, DEFAULT_SUPABASE_ANON_KEY, DEFAULT_SUPABASE_URL } from '../../shared/core/config.ts';

/**
 * `npm run zip` for a hosted project, then what the stores receive: the manifests (permissions as
 * the README documents them, only the hosted project's and AI providers' hosts, the package
 * version), the Firefox sources package, and Mozilla's linter without errors (the command fails
 * otherwise, which beforeAll turns into a failed suite).
 */
const root = new URL('../../', import.meta.url).pathname;
const HOSTED = { url: 'https://abcdefghijklmnop.supabase.co', dashboard: 'https://app.aivault.app' };
const AI_HOSTS = [
  'https://api.openai.com/*',
  'https://generativelanguage.googleapis.com/*',
  'https://api.anthropic.com/*',
  'https://api.cohere.ai/*',
  'https://api.cohere.com/*',
  'https://api.ai21.com/*',
  'https://router.huggingface.co/*',
  'https://huggingface.co/*',
];
const LOCAL = /localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\]/;

interface Manifest {
  manifest_version: number;
  version: string;
  key?: string;
  permissions: string[];
  host_permissions?: string[];
  optional_permissions?: string[];
  optional_host_permissions?: string[];
  content_scripts?: { matches: string[] }[];
  browser_specific_settings?: { gecko?: { id?: string; strict_min_version?: string } };
}

let outDir = '';
let version = '';
let lintOutput = '';
const zips = new Map<string, JSZip>();

async function manifestOf(browser: string): Promise<Manifest> {
  const file = zips.get(browser)?.file('manifest.json');
  if (!file) throw new Error(`no manifest.json in the ${browser} package`);
  return JSON.parse(await file.async('string')) as Manifest;
}

beforeAll(async () => {
  version = (JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  outDir = await mkdtemp(join(tmpdir(), 'ai-vault-store-'));
  const env = {
    ...process.env,
    WXT_OUT_DIR: outDir,
    WXT_SUPABASE_URL: HOSTED.url,
    WXT_SUPABASE_ANON_KEY: 'hosted-anon-key',
    WXT_DASHBOARD_URL: HOSTED.dashboard,
    WXT_DASHBOARD_URLS: '',
    WXT_AI_BASE_URLS: '',
  };
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/zip.ts'], {
    cwd: root,
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  lintOutput = stdout;
  for (const name of await readdir(outDir)) {
    const match = /^ai-vault-(.+)-(chrome|firefox|sources)\.zip$/.exec(name);
    if (match) zips.set(match[2]!, await JSZip.loadAsync(await readFile(join(outDir, name))));
    if (match) expect(match[1]).toBe(version);
  }
});

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('store packages', () => {
  it('are the three zips the stores take, named with the package version', () => {
    expect([...zips.keys()].sort()).toEqual(['chrome', 'firefox', 'sources']);
  });

  it('Chrome: MV3, the documented permissions, no fixed key, only the hosted project and AI providers', async () => {
    const manifest = await manifestOf('chrome');
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.version).toBe(version);
    expect(manifest.key).toBeUndefined();
    expect(manifest.permissions).toEqual(['storage', 'sidePanel', 'activeTab', 'contextMenus', 'scripting', 'tabs', 'identity']);
    expect(manifest.host_permissions).toEqual([`${HOSTED.url}/*`, ...AI_HOSTS]);
    expect(manifest.optional_host_permissions).toEqual(['<all_urls>']);
    expect(manifest.content_scripts?.flatMap((script) => script.matches)).toEqual([`${HOSTED.dashboard}/*`]);
    expect(JSON.stringify(manifest)).not.toMatch(LOCAL);
  });

  it('Firefox: MV2 with its add-on id, the same permissions without sidePanel, no development hosts', async () => {
    const manifest = await manifestOf('firefox');
    expect(manifest.manifest_version).toBe(2);
    expect(manifest.version).toBe(version);
    expect(manifest.browser_specific_settings?.gecko?.id).toMatch(/@/);
    expect(manifest.browser_specific_settings?.gecko?.strict_min_version).toBe('140.0');
    // MV2 keeps hosts among the permissions.
    expect(manifest.permissions).toEqual([
      'storage',
      'activeTab',
      'contextMenus',
      'scripting',
      'tabs',
      'identity',
      `${HOSTED.url}/*`,
      ...AI_HOSTS,
    ]);
    expect(manifest.optional_permissions).toEqual(['<all_urls>']);
    expect(JSON.stringify(manifest)).not.toMatch(LOCAL);
  });

  it("no built script carries the local stack's address, the local dashboard or the demo key", async () => {
    for (const browser of ['chrome', 'firefox']) {
      const scripts = Object.values(zips.get(browser)!.files).filter((file) => file.name.endsWith('.js'));
      expect(scripts.length).toBeGreaterThan(3);
      const offending: string[] = [];
      for (const script of scripts) {
        const text = await script.async('string');
        for (const value of [DEFAULT_SUPABASE_URL, DEFAULT_DASHBOARD_URL, DEFAULT_SUPABASE_ANON_KEY])
          if (text.includes(value)) offending.push(`${browser}/${script.name}: ${value.slice(0, 30)}`);
        if (!text.includes(HOSTED.url) && script.name === 'background.js') offending.push(`${browser}/background.js lacks ${HOSTED.url}`);
      }
      expect(offending).toEqual([]);
    }
  });

  it('the sources package holds what builds the extension and no tests, backend or dashboard', () => {
    const names = Object.keys(zips.get('sources')!.files);
    for (const needed of ['package.json', 'package-lock.json', 'wxt.config.ts', 'README.md', 'entrypoints/background.ts'])
      expect(names).toContain(needed);
    expect(names.some((name) => name.startsWith('extension/'))).toBe(true);
    expect(names.some((name) => name.startsWith('shared/'))).toBe(true);
    expect(names.filter((name) => /^(tests|supabase|web|node_modules|\.output)\//.test(name))).toEqual([]);
  });

  it("Mozilla's linter finds no errors in the Firefox build", () => {
    expect(lintOutput).toMatch(/errors\s+0\b/);
  });
});
