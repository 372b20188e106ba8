import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOwnedColumns, EXPORTED_ROWS, OMITTED_COLUMNS } from '@/shared/core/account/manifest.ts';
import { ACCOUNT_TEXTS } from '@/shared/core/account/texts.ts';
import { fetchAccountExport } from '@/shared/data/account.ts';
import { downloadChatImage, keepChatImages } from '@/shared/data/conversationImages.ts';
import { downloadPicture, keepPicture } from '@/shared/data/generatedImages.ts';
import { buildAccountArchive } from '@/shared/export/accountArchive.ts';
import { generateImage } from '../fixtures/fake-providers/images.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { fillAccount, ownerColumnsInDatabase } from './account-helpers.ts';
import { must, person, type Person } from './documents-helpers.ts';

/** "Export my data": the account-export function answers every row of the caller and nobody else's. */

let stack: TestStack;
let alice: Person;
let bob: Person;

beforeAll(async () => {
  stack = await startTestStack();
  [alice, bob] = [await person(stack, 'export-alice'), await person(stack, 'export-bob')];
  await fillAccount(stack, alice, bob, 'alpha-marker');
  await fillAccount(stack, bob, alice, 'bravo-marker');
});
afterAll(async () => stack?.close());

describe(`export my data (${testDbKind})`, () => {
  it('lists every column that references an account, exported or left out with a reason', async () => {
    expect(accountOwnedColumns()).toEqual(await ownerColumnsInDatabase(stack));
  });

  it("answers each kind of the caller's rows, and only theirs", async () => {
    const data = must(await fetchAccountExport(alice.client));
    expect(data.account).toEqual({ id: alice.userId, email: alice.email.toLowerCase() });
    expect(Object.keys(data.files).sort()).toEqual(EXPORTED_ROWS.map((entry) => entry.file).sort());
    for (const entry of EXPORTED_ROWS) {
      const rows = data.files[entry.file]!;
      expect(rows.length, entry.file).toBeGreaterThan(0);
      for (const row of rows) expect(row[entry.column], entry.file).toBe(alice.userId);
      for (const column of OMITTED_COLUMNS[entry.table] ?? []) expect(rows[0], entry.file).not.toHaveProperty(column);
    }
    const text = JSON.stringify(data);
    expect(text).toContain('alpha-marker');
    expect(text).not.toContain('bravo-marker');
    // Bob's rows that Alice may read through RLS (shared with her, his team she belongs to) are his, not in her export.
    expect(data.files.documents!.map((doc) => doc.name)).toEqual(['alpha-marker']);
    expect(data.files.shares_received).toHaveLength(2);
    // The usage ledger: the call (its model is the marker), the user's price, settings and budget.
    expect(data.files.usage_events!.map((row) => [row.model, row.cost_micros])).toEqual([['alpha-marker', 5400]]);
    expect(data.files.usage_price_overrides!.map((row) => [row.provider, row.model])).toEqual([['ollama', 'alpha-marker']]);
    expect(data.files.usage_settings).toMatchObject([{ currency: 'EUR', usd_rate: 0.9 }]);
    expect(data.files.usage_budgets).toMatchObject([{ provider: null, monthly_limit_micros: 20_000_000, at_limit: 'stop' }]);
  });

  it('answers a large account whole, page after page, in order', async () => {
    const carol = await person(stack, 'export-carol');
    await stack.db.query(
      `insert into public.saved_prompts (user_id, name, prompt_text)
       select $1, 'bulk-' || lpad(n::text, 4, '0'), repeat('A long prompt body. ', 40) from generate_series(1, 1234) n`,
      [carol.userId],
    );
    const data = must(await fetchAccountExport(carol.client));
    const prompts = data.files.prompts!;
    expect(prompts).toHaveLength(1234);
    expect(new Set(prompts.map((row) => row.id)).size).toBe(1234);
    const ids = prompts.map((row) => String(row.id));
    expect(ids).toEqual([...ids].sort());
    expect(prompts.every((row) => row.user_id === carol.userId)).toBe(true);
    expect(data).not.toHaveProperty('complete');
  });

  it('says the export failed when a read fails midway (the answer was already under way)', async () => {
    const last = EXPORTED_ROWS.at(-1)!;
    await stack.db.query(`revoke select on public.${last.table} from service_role`);
    try {
      const result = await fetchAccountExport(alice.client);
      expect(result.error).toMatchObject({ message: ACCOUNT_TEXTS.exportFailed, kind: 'server' });
    } finally {
      await stack.db.query(`grant select on public.${last.table} to service_role`);
    }
    const { rows } = await stack.db.query<{ message: string }>(
      `select message from public.monitoring_events where source = 'account-export' and user_id = $1`,
      [alice.userId],
    );
    expect(rows.map((row) => row.message)).toEqual([`account-export: reading ${last.table} failed (403)`]);
    expect(must(await fetchAccountExport(alice.client)).files[last.file]!.length).toBeGreaterThan(0);
  });

  it('refuses without a signed-in account', async () => {
    const result = await fetchAccountExport(stack.anon());
    expect(result.error).toMatchObject({ message: ACCOUNT_TEXTS.signIn, kind: 'refused' });
  });

  it('makes the zip: README, one JSON file per kind, each document as DOCX and Markdown, each picture', async () => {
    const bytes = new Uint8Array(generateImage('image/png', 3, 2, 'alice'));
    const picture = must(
      await keepPicture(alice.client, alice.userId, {
        bytes,
        type: 'image/png',
        width: 3,
        height: 2,
        prompt: 'A cover',
        provider: 'openai',
        model: 'gpt-image-1.5',
        purpose: 'gallery',
      }),
    );
    const [chatImage] = must(
      await keepChatImages(alice.client, alice.userId, [{ mediaType: 'image/png', base64: Buffer.from(bytes).toString('base64') }]),
    );
    await stack.db.query(`update public.conversation_messages set image_paths = array[$2] where user_id = $1 and role = 'user'`, [
      alice.userId,
      chatImage,
    ]);
    const data = must(await fetchAccountExport(alice.client));
    const files = {
      picture: async (path: string) => (await downloadPicture(alice.client, path)).data,
      chatImage: async (path: string) => (await downloadChatImage(alice.client, path)).data,
    };
    const zip = await JSZip.loadAsync(await (await buildAccountArchive(data, files)).arrayBuffer());
    expect(await zip.file(`images/${picture.id}.png`)!.async('uint8array')).toEqual(bytes);
    expect(await zip.file(`conversation-images/${chatImage!.split('/')[1]}`)!.async('uint8array')).toEqual(bytes);
    // The row filled without a file (fillAccount) is listed in data/ and skipped here, not an error.
    expect(Object.keys(zip.files).filter((name) => name.startsWith('images/') && !name.endsWith('/'))).toEqual([
      `images/${picture.id}.png`,
    ]);
    const names = Object.keys(zip.files);
    expect(names).toContain('README.txt');
    for (const entry of EXPORTED_ROWS) expect(names).toContain(`data/${entry.file}.json`);
    const prompts = JSON.parse(await zip.file('data/prompts.json')!.async('string')) as { name: string }[];
    expect(prompts.map((p) => p.name)).toEqual(['alpha-marker']);
    const doc = data.files.documents![0]!;
    const base = `documents/alpha-marker-${String(doc.id).slice(0, 8)}`;
    expect(await zip.file(`${base}.md`)!.async('string')).toContain('The plan of alpha-marker.');
    const docx = await JSZip.loadAsync(await zip.file(`${base}.docx`)!.async('arraybuffer'));
    expect(await docx.file('word/document.xml')!.async('string')).toContain('The plan of alpha-marker.');
  });
});
