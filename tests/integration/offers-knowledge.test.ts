import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppClient } from '@/shared/data/supabase.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newOffer, updateAsset, type OfferFramework } from '@/shared/core/offers/index.ts';
import * as kb from '@/shared/data/knowledge.ts';
import * as offers from '@/shared/data/offers.ts';
import { createFetchUrl } from '@/supabase/functions/fetch-url/handler.ts';
import type { Resolve } from '@/supabase/functions/_shared/pinnedFetch.ts';
import { functionEnv } from '@/supabase/local/functions.ts';
import { startTestStack, type TestStack } from '../helpers/stack.ts';
import { memoryClient, uniqueEmail } from './auth-helpers.ts';
import { must } from './documents-helpers.ts';

/** Saved offers and the knowledge base through the data layer on the local stack, and the fetch-url function. */

const FRAMEWORK: OfferFramework = {
  title: 'Creator Sprint',
  description: { title: 'Ship in 30 days', about: 'A course.', for: ['a', 'b', 'c'], why: ['d', 'e', 'f'], outcome: ['g', 'h', 'i'] },
  items: Array.from({ length: 15 }, (_, i) => (i === 0 ? 'Offer Hooks' : i === 1 ? 'Report Card' : `Asset ${i}`)),
};

let stack: TestStack;
let site: Server;
let siteUrl: string;

async function signedIn(): Promise<{ client: AppClient; userId: string }> {
  const email = uniqueEmail('kb');
  const { data } = await stack.service().auth.admin.createUser({ email, password: 'correct-horse-42', email_confirm: true });
  const client = memoryClient(stack);
  await client.auth.signInWithPassword({ email, password: 'correct-horse-42' });
  return { client, userId: data.user!.id };
}

function folderOf(result: Awaited<ReturnType<typeof kb.createKbFolder>>): kb.KbFolder {
  if (result.error || !result.data) throw new Error('no folder created');
  return result.data;
}

const ARTICLE = `<html><head><title>Pricing guide</title></head><body><nav>Menu · Login</nav><article><h1>Pricing guide</h1>${'<p>Price on the value of the outcome, not on the hours it took you to make the course. </p>'.repeat(12)}</article><footer>© Site</footer></body></html>`;

beforeAll(async () => {
  stack = await startTestStack();
  site = createServer((req, res) => {
    if (req.url === '/article') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
    if (req.url === '/notes.txt') return res.writeHead(200, { 'content-type': 'text/plain' }).end('Plain   notes\n\n\n\nsecond line');
    if (req.url === '/moved') return res.writeHead(301, { location: '/article' }).end();
    if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (req.url === '/file.pdf') return res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4');
    if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(`<p>${'x'.repeat(2_100_000)}</p>`);
    }
    res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not here</h1>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await stack?.close();
  await new Promise((resolve) => site?.close(resolve));
});
afterEach(() => stack.setFunctionSecrets({ FETCH_URL_ALLOW_PRIVATE: null }));

describe('saved offers', () => {
  it('saves a draft, updates the same row, lists, opens, renames, duplicates and deletes', async () => {
    const { client } = await signedIn();
    let draft = updateAsset(newOffer('course pricing', FRAMEWORK), 'Offer Hooks', {
      content: { format: 'text', markdown: '# Hooks' },
      notes: 'mine',
    });
    draft = updateAsset(draft, 'Report Card', { error: 'The AI service returned an error: boom' });
    const saved = must(await offers.saveOffer(client, draft));
    expect(saved.id).toBeTruthy();
    const again = await offers.saveOffer(client, { ...saved, generalNotes: 'launch in May' });
    expect(again.data?.id).toBe(saved.id);

    const list = await offers.listOffers(client);
    expect(list).toEqual({
      data: [expect.objectContaining({ id: saved.id, title: 'Creator Sprint', assetCount: 15, generatedCount: 1 })],
      error: null,
    });
    const opened = await offers.getOffer(client, saved.id!);
    expect(opened.data).toMatchObject({
      generalNotes: 'launch in May',
      assets: expect.arrayContaining([expect.objectContaining({ name: 'Report Card', error: 'The AI service returned an error: boom' })]),
    });

    const renamed = await offers.renameOffer(client, saved, '  Launch Kit  ');
    expect(renamed.data?.framework.title).toBe('Launch Kit');
    expect((await offers.renameOffer(client, saved, '   ')).error).toEqual({
      message: 'Offer name cannot be empty.',
      code: 'invalid',
      kind: 'invalid',
    });
    const copy = await offers.duplicateOffer(client, saved.id!);
    expect(copy.data?.framework.title).toBe('Launch Kit (copy)');
    expect(copy.data?.id).not.toBe(saved.id);

    expect((await offers.deleteOffer(client, saved.id!)).error).toBeNull();
    const after = await offers.listOffers(client);
    expect(after.data?.map((o) => o.title)).toEqual(['Launch Kit (copy)']);
  });

  it("another user never sees or changes someone's offer", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const saved = must(await offers.saveOffer(owner.client, newOffer('idea', FRAMEWORK)));
    expect(await offers.listOffers(other.client)).toEqual({ data: [], error: null });
    expect(await offers.getOffer(other.client, saved.id!)).toEqual({ data: null, error: null });
    const hijack = await offers.saveOffer(other.client, { ...saved, generalNotes: 'mine now' });
    // RLS hides the row: the update matches none, and the one row asked back is not there (406 PGRST116).
    expect(hijack.error).toMatchObject({ code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object' });
    await offers.deleteOffer(other.client, saved.id!);
    expect(await offers.listOffers(owner.client)).toMatchObject({ data: [expect.anything()] });
  });
});

describe('knowledge base', () => {
  it("validates with the product's messages and ignores a blank folder name", async () => {
    const { client } = await signedIn();
    const refused = (message: string) => ({ data: null, error: { message, code: 'invalid', kind: 'invalid' } });
    expect(await kb.createKbFolder(client, '   ')).toEqual({ data: null, error: null });
    expect(await kb.addKbDocument(client, { name: ' ', type: 'text', content: 'x', folderId: null })).toEqual(
      refused('Document name is required'),
    );
    expect(await kb.addKbDocument(client, { name: 'Voice', type: 'text', content: '  ', folderId: null })).toEqual(
      refused('Text content cannot be empty'),
    );
    expect(await kb.addKbDocument(client, { name: 'Site', type: 'url', content: '', source: '', folderId: null })).toEqual(
      refused('URL cannot be empty'),
    );
  });

  it('deleting a folder deletes its documents; the selection falls back to all', async () => {
    const { client, userId } = await signedIn();
    const created = await kb.createKbFolder(client, '  Brand  ');
    const folder = folderOf(created);
    expect(folder.name).toBe('Brand');
    await kb.addKbDocument(client, { name: 'Voice', type: 'text', content: 'Friendly, direct.', folderId: folder.id });
    await kb.addKbDocument(client, { name: 'Loose note', type: 'text', content: 'Audience: coaches.', folderId: null });
    expect((await kb.setKbSelection(client, userId, { kind: 'folder', folderId: folder.id })).error).toBeNull();
    expect(await kb.getKbSelection(client)).toEqual({ data: { kind: 'folder', folderId: folder.id }, error: null });

    const all = must(await kb.listKnowledge(client));
    expect(kb.selectedDocuments(all.documents, { kind: 'folder', folderId: folder.id })).toEqual([
      { name: 'Voice', content: 'Friendly, direct.' },
    ]);
    expect(kb.selectedDocuments(all.documents, { kind: 'uncategorized' })).toEqual([{ name: 'Loose note', content: 'Audience: coaches.' }]);
    expect(kb.selectedDocuments(all.documents, { kind: 'all' })).toHaveLength(2);

    expect((await kb.deleteKbFolder(client, folder.id)).error).toBeNull();
    const left = await kb.listKnowledge(client);
    expect(left.data?.documents.map((d) => d.name)).toEqual(['Loose note']);
    expect(await kb.getKbSelection(client)).toEqual({ data: { kind: 'all' }, error: null });
  });

  it("cannot file a document into someone else's folder", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const created = await kb.createKbFolder(owner.client, 'Private');
    const folder = folderOf(created);
    const attempt = await kb.addKbDocument(other.client, { name: 'Sneaky', type: 'text', content: 'x', folderId: folder.id });
    expect(attempt.error?.code).toBe('42501');
  });
});

describe('fetch-url (URL documents)', () => {
  const fetchUrl = async (client: AppClient, url: string) => {
    const { data, error } = await client.functions.invoke<{ url: string; title: string; text: string; truncated: boolean }>('fetch-url', {
      body: { url },
    });
    if (error) {
      const context = (error as { context?: Response }).context;
      return { status: context?.status ?? 0, error: ((await context?.json()) as { error: string }).error };
    }
    return { status: 200, data: data! };
  };

  it("reads a page's article text (following redirects) and plain text files", async () => {
    await stack.setFunctionSecrets({ FETCH_URL_ALLOW_PRIVATE: 'true' });
    const { client } = await signedIn();
    const page = await fetchUrl(client, `${siteUrl}/moved`);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ url: `${siteUrl}/article`, title: 'Pricing guide', truncated: false });
    expect(page.data!.text).toContain('Price on the value of the outcome');
    expect(page.data!.text).not.toContain('Login');
    expect((await fetchUrl(client, `${siteUrl}/notes.txt`)).data).toMatchObject({ title: 'notes.txt', text: 'Plain notes\n\nsecond line' });
  });

  it('refuses what it should, with clear messages', async () => {
    await stack.setFunctionSecrets({ FETCH_URL_ALLOW_PRIVATE: 'true' });
    const { client } = await signedIn();
    expect(await fetchUrl(client, '')).toEqual({ status: 400, error: 'URL cannot be empty' });
    expect(await fetchUrl(client, 'ftp://example.com/x')).toEqual({ status: 400, error: 'Only http and https addresses can be added.' });
    expect(await fetchUrl(client, `${siteUrl}/nope`)).toEqual({ status: 502, error: 'The page answered 404 Not Found.' });
    expect(await fetchUrl(client, `${siteUrl}/file.pdf`)).toEqual({ status: 415, error: 'That address is not a web page or a text file.' });
    expect(await fetchUrl(client, `${siteUrl}/huge`)).toEqual({ status: 413, error: 'That page is too large to add (over 2 MB).' });
    expect(await fetchUrl(client, `${siteUrl}/loop`)).toEqual({ status: 400, error: 'That address redirects too many times.' });

    await stack.setFunctionSecrets({ FETCH_URL_ALLOW_PRIVATE: null });
    expect(await fetchUrl(client, `${siteUrl}/article`)).toEqual({
      status: 400,
      error: 'That address is on a private network and cannot be read.',
    });
    expect(await fetchUrl(client, 'http://169.254.169.254/latest/meta-data')).toEqual({
      status: 400,
      error: 'That address is on a private network and cannot be read.',
    });
    const anon = await fetch(`${stack.url}/functions/v1/fetch-url`, {
      method: 'POST',
      headers: { apikey: stack.config.anonKey, 'content-type': 'application/json' },
      body: '{"url":"https://example.com"}',
    });
    expect(anon.status).toBe(401);
  });

  it('never reaches loopback through an IPv6 spelling of it (the mailbox stays out of reach)', async () => {
    const { client } = await signedIn();
    const port = new URL(stack.url).port;
    for (const host of [
      '[::ffff:127.0.0.1]',
      '[0:0:0:0:0:ffff:7f00:1]',
      '[::ffff:7f00:1]',
      '[::1]',
      '[::127.0.0.1]',
      '[64:ff9b::7f00:1]',
      '2130706433',
      '0x7f.1',
      '0177.0.0.1',
      '127.1',
    ]) {
      expect(await fetchUrl(client, `http://${host}:${port}/mail`), host).toEqual({
        status: 400,
        error: 'That address is on a private network and cannot be read.',
      });
    }
  });

  it('connects to the address it checked: a name that turns into loopback after the check (DNS rebinding) never reaches it', async () => {
    const { client } = await signedIn();
    const session = (await client.auth.getSession()).data.session!;
    let hits = 0;
    const local = createServer((_req, res) => {
      hits += 1;
      res.writeHead(200, { 'content-type': 'text/plain' }).end('internal secret');
    });
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
    const { port } = local.address() as AddressInfo;
    let asked = 0;
    // The handler runs in this process here (to be given a resolver): it reads the stack's settings from process.env.
    Object.assign(process.env, functionEnv(stack.config));
    // Public the first time it is asked, loopback from then on.
    const rebinding: Resolve = async () =>
      asked++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    try {
      const res = await createFetchUrl(rebinding)(
        new Request(`${stack.url}/functions/v1/fetch-url`, {
          method: 'POST',
          headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ url: `http://rebind.test:${port}/secret` }),
        }),
      );
      expect(await res.text()).not.toContain('internal secret');
      expect(asked).toBe(1);
      expect(hits).toBe(0);
    } finally {
      await new Promise((resolve) => local.close(resolve));
    }
  });
});
