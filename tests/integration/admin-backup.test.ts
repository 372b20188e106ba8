import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBackup, type BackupFile } from '@/shared/core/admin/backup.ts';
import { planRestore, planWrites } from '@/shared/core/admin/restore.ts';
import { applyRestore, buildBackup, readAllSections } from '@/shared/data/admin/backup.ts';
import { saveMonitoringSettings } from '@/shared/data/admin/monitoring.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { makePerson, roleOf, type Person } from './admin-helpers.ts';
import { must } from './documents-helpers.ts';

/**
 * Backup and restore (the master admin's data backup card): export what the viewer may read,
 * round-trip it through the file format, plan the restore (dry run), apply it in transactions as
 * the master admin, and see RLS and the role guard keep their say.
 */
let stack: TestStack;
let master: Person;
let admin: Person;
let editor: Person;

beforeAll(async () => {
  stack = await startTestStack();
  master = await makePerson(stack, 'master_admin', 'Mia Master');
  admin = await makePerson(stack, 'admin', 'Ada Admin');
  editor = await makePerson(stack, 'editor', 'Eddie Editor');
  await saveMonitoringSettings(master.client, { alertEmail: 'ops@example.com', alertPhone: '+15550123' });
  await stack.db.query("insert into public.user_api_keys (user_id, openai_api_key) values ($1, 'sk-secret-master')", [master.id]);
  await stack.db.query("insert into public.saved_prompts (user_id, name, prompt_text) values ($1, 'Editor prompt', 'Theirs')", [editor.id]);
  const folder = await stack.db.query<{ id: string }>(
    "insert into public.prompt_folders (user_id, name) values ($1, 'Launch') returning id",
    [master.id],
  );
  const child = await stack.db.query<{ id: string }>(
    "insert into public.prompt_folders (user_id, name, parent_folder_id) values ($1, 'Emails', $2) returning id",
    [master.id, folder.rows[0]!.id],
  );
  await stack.db.query(
    "insert into public.saved_prompts (user_id, name, prompt_text, folder_id) values ($1, 'Welcome mail', 'Write a welcome for [product]', $2)",
    [master.id, child.rows[0]!.id],
  );
});
afterAll(async () => stack?.close());

const roundTrip = (file: BackupFile): BackupFile => {
  const parsed = parseBackup(JSON.stringify(file));
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return parsed.file;
};
/** The seeded catalogue's size (it grows with the seed). */
const recommendedCount = async () =>
  Number((await stack.db.query<{ n: string }>('select count(*) as n from public.recommended_prompts')).rows[0]!.n);
const sectionOf = (plan: ReturnType<typeof planRestore>, name: string) => plan.sections.find((s) => s.name === name)!;

describe(`backup export (${testDbKind})`, () => {
  it('holds what the master admin may read, and never provider keys', async () => {
    const file = must(await buildBackup(master.client, master.email));
    expect(file).toMatchObject({ format: 'ai-vault-backup', version: 1, product: 'AI Vault', exported_by: master.email });
    expect(file.tables.users!.map((u) => u.email).sort()).toEqual([admin.email, editor.email].sort());
    expect(file.tables.monitoring_settings).toEqual([
      expect.objectContaining({ alert_email: 'ops@example.com', alert_phone: '+15550123' }),
    ]);
    expect(file.tables.recommended_prompts!.length).toBe(await recommendedCount());
    expect(file.tables.saved_prompts!.map((p) => p.name)).toEqual(['Welcome mail']); // own rows only (RLS)
    expect(file.tables.prompt_folders).toHaveLength(2);
    expect(JSON.stringify(file)).not.toContain('sk-secret-master');
    expect('user_api_keys' in file.tables).toBe(false);
  });

  it('an admin’s export holds only what admins may read (no monitoring contacts, no admins)', async () => {
    const file = must(await buildBackup(admin.client, admin.email));
    expect(file.tables.monitoring_settings).toEqual([]);
    expect(file.tables.users!.map((u) => u.email)).toEqual([editor.email]);
  });
});

describe(`restore (${testDbKind})`, () => {
  it('plans exactly what would change, writes nothing before applying, then restores it all', async () => {
    const file = roundTrip(must(await buildBackup(master.client, master.email)));
    // Things drift after the backup: a prompt deleted (its folder tree too), a name and a role changed, contacts edited.
    await stack.db.query("delete from public.prompt_folders where user_id = $1 and name = 'Launch'", [master.id]);
    await stack.db.query("update public.profiles set name = 'Changed', role = 'view_only' where id = $1", [editor.id]);
    await stack.db.query("update public.monitoring_settings set alert_email = 'drift@example.com'");
    await stack.db.query("update public.recommended_prompts set name = 'Edited' where id = $1", [file.tables.recommended_prompts![0]!.id]);

    const plan = planRestore(file, must(await readAllSections(master.client)), master.id);
    expect(sectionOf(plan, 'prompt_folders')).toMatchObject({ inFile: 2, unchanged: 0 });
    expect(sectionOf(plan, 'prompt_folders').added).toHaveLength(2);
    expect(sectionOf(plan, 'saved_prompts').added.map((r) => r.name)).toEqual(['Welcome mail']);
    expect(sectionOf(plan, 'users').changed).toEqual([{ id: editor.id, name: 'Eddie Editor', phone: null, role: 'editor' }]);
    expect(sectionOf(plan, 'users').unchanged).toBe(1);
    expect(sectionOf(plan, 'monitoring_settings').changed).toHaveLength(1);
    expect(sectionOf(plan, 'recommended_prompts')).toMatchObject({ unchanged: (await recommendedCount()) - 1 });
    expect(sectionOf(plan, 'contact_messages').skipped).toEqual([]);
    expect(planWrites(plan)).toBe(2 + 1 + 1 + 1 + 1);
    // The dry run wrote nothing.
    expect(await roleOf(stack, editor.id)).toBe('view_only');

    const outcome = await applyRestore(master.client, plan);
    expect(outcome.error).toBeNull();
    expect(outcome.data).toMatchObject({ appliedBatches: 1, totalBatches: 1 });
    expect(outcome.data?.written).toEqual({
      profiles: 1,
      monitoring_settings: 1,
      recommended_prompts: 1,
      prompt_folders: 2,
      saved_prompts: 1,
    });
    expect(await roleOf(stack, editor.id)).toBe('editor');
    const restored = await stack.db.query<{ name: string; folder: string }>(
      'select p.name, f.name as folder from public.saved_prompts p join public.prompt_folders f on f.id = p.folder_id where p.user_id = $1',
      [master.id],
    );
    expect(restored.rows).toEqual([{ name: 'Welcome mail', folder: 'Emails' }]);
    // Nothing left to do: a second plan finds everything as in the file.
    expect(planWrites(planRestore(file, must(await readAllSections(master.client)), master.id))).toBe(0);
  });

  it('skips rows of other accounts, accounts that are gone and read-only sections, and names unknown sections', async () => {
    const file = roundTrip(must(await buildBackup(master.client, master.email)));
    file.tables.saved_prompts!.push({ id: '11111111-1111-4111-8111-111111111111', user_id: editor.id, name: 'Not mine', prompt_text: 'x' });
    file.tables.users!.push({
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Gone',
      email: 'gone@admin.test',
      phone: null,
      role: 'editor',
    });
    file.tables.feature_requests = [{ id: '33333333-3333-4333-8333-333333333333', user_id: editor.id, feature: 'workflows' }];
    file.tables.legacy_notes = [{ id: 'x' }];
    const plan = planRestore(file, must(await readAllSections(master.client)), master.id);
    expect(sectionOf(plan, 'saved_prompts').skipped).toEqual([
      { count: 1, reason: 'Belongs to another account: only your own items are restored.' },
    ]);
    expect(sectionOf(plan, 'users').skipped).toEqual([{ count: 1, reason: 'No such account now (or not one you manage).' }]);
    expect(sectionOf(plan, 'feature_requests').skipped[0]!.count).toBe(1);
    expect(plan.unknownSections).toEqual(['legacy_notes']);
    expect(planWrites(plan)).toBe(0);
  });

  it('documents, their folders, workspaces, ideas and run history come back; sale settings and other people’s documents stay as they are', async () => {
    const folder = await stack.db.query<{ id: string }>(
      "insert into public.document_folders (user_id, name) values ($1, 'Reports') returning id",
      [master.id],
    );
    const doc = await stack.db.query<{ id: string }>(
      "insert into public.generated_documents (user_id, name, content, format, folder_id) values ($1, 'Q3 report', '# Q3', 'docx', $2) returning id",
      [master.id, folder.rows[0]!.id],
    );
    await stack.db.query("insert into public.generated_documents (user_id, name, content) values ($1, 'Editor doc', 'theirs')", [
      editor.id,
    ]);
    await stack.db.query(
      `insert into public.workspaces (user_id, name, structure) values ($1, 'Launch room', jsonb_build_array(jsonb_build_object('id', 'f1', 'type', 'file', 'name', 'Q3', 'docId', $2::text)))`,
      [master.id, doc.rows[0]!.id],
    );
    await stack.db.query(
      `insert into public.startup_ideas (user_id, name, description, business_plan) values ($1, 'Tiny Farms', 'Kits', '{"executive":"e","market":"m","solution":"s"}')`,
      [master.id],
    );
    await stack.db.query(
      "insert into public.prompt_runs (user_id, prompt_name, final_prompt, provider, status) values ($1, 'Welcome mail', 'Write', 'openai', 'done')",
      [master.id],
    );
    const chat = await stack.db.query<{ id: string }>(
      "insert into public.conversations (user_id, title, provider) values ($1, 'Welcome mail chat', 'openai') returning id",
      [master.id],
    );
    await stack.db.query(
      "insert into public.conversation_messages (conversation_id, user_id, position, role, content) values ($1, $2, 0, 'user', 'Shorter please')",
      [chat.rows[0]!.id, master.id],
    );
    const file = roundTrip(must(await buildBackup(master.client, master.email)));
    // Admins read every document: the editor's is in the file, and skipped on restore.
    expect(file.tables.generated_documents!.map((d) => d.name).sort()).toEqual(['Editor doc', 'Q3 report']);
    expect(file.tables.user_generation_counts).toBeDefined();

    await stack.db.query('delete from public.document_folders where user_id = $1', [master.id]);
    await stack.db.query('delete from public.workspaces where user_id = $1', [master.id]);
    await stack.db.query('delete from public.startup_ideas where user_id = $1', [master.id]);
    await stack.db.query('delete from public.prompt_runs where user_id = $1', [master.id]);
    await stack.db.query('delete from public.conversations where user_id = $1', [master.id]);
    const plan = planRestore(file, must(await readAllSections(master.client)), master.id);
    expect(sectionOf(plan, 'generated_documents').skipped).toEqual([
      { count: 1, reason: 'Belongs to another account: only your own items are restored.' },
    ]);
    expect(sectionOf(plan, 'generated_documents').added).toEqual([
      expect.not.objectContaining({ price: expect.anything(), is_digital_product: expect.anything(), download_count: expect.anything() }),
    ]);
    const outcome = await applyRestore(master.client, plan);
    expect(outcome.error).toBeNull();
    expect(outcome.data?.written).toMatchObject({
      document_folders: 1,
      generated_documents: 1,
      workspaces: 1,
      startup_ideas: 1,
      prompt_runs: 1,
      conversations: 1,
      conversation_messages: 1,
    });
    const restoredChat = await stack.db.query<{ content: string }>(
      'select m.content from public.conversation_messages m join public.conversations c on c.id = m.conversation_id where c.user_id = $1',
      [master.id],
    );
    expect(restoredChat.rows).toEqual([{ content: 'Shorter please' }]);
    const back = await stack.db.query<{ name: string; folder: string }>(
      'select d.name, f.name as folder from public.generated_documents d join public.document_folders f on f.id = d.folder_id where d.user_id = $1',
      [master.id],
    );
    expect(back.rows).toEqual([{ name: 'Q3 report', folder: 'Reports' }]);
    const workspace = await stack.db.query<{ structure: unknown }>('select structure from public.workspaces where user_id = $1', [
      master.id,
    ]);
    expect(workspace.rows[0]!.structure).toEqual([{ id: 'f1', type: 'file', name: 'Q3', docId: doc.rows[0]!.id }]);
  });

  it('is all or nothing: a row the database refuses rolls the whole batch back', async () => {
    const file = roundTrip(must(await buildBackup(master.client, master.email)));
    await stack.db.query("update public.profiles set name = 'Before' where id = $1", [admin.id]);
    await stack.db.query("update public.monitoring_settings set alert_phone = '+15559999'");
    // A tampered file that would make the editor a master admin: the role guard refuses it.
    file.tables.users = file.tables.users!.map((u) => (u.id === editor.id ? { ...u, role: 'master_admin' } : u));
    const plan = planRestore(file, must(await readAllSections(master.client)), master.id);
    expect(planWrites(plan)).toBe(3);
    const outcome = await applyRestore(master.client, plan);
    expect(outcome.error?.message).toBe('You are not allowed to assign the role master_admin.');
    expect(outcome.error?.progress.appliedBatches).toBe(0);
    expect(await roleOf(stack, editor.id)).toBe('editor');
    const { rows } = await stack.db.query<{ name: string }>('select name from public.profiles where id = $1', [admin.id]);
    expect(rows[0]!.name).toBe('Before');
  });

  it('splits a large restore into several transactions, in order', async () => {
    const file = roundTrip(must(await buildBackup(master.client, master.email)));
    await stack.db.query('delete from public.prompt_folders where user_id = $1', [master.id]);
    const catalogue = await recommendedCount();
    await stack.db.query('delete from public.recommended_prompts');
    const plan = planRestore(file, must(await readAllSections(master.client)), master.id);
    const outcome = await applyRestore(master.client, plan, 2_000);
    expect(outcome.error).toBeNull();
    expect(outcome.data?.totalBatches).toBeGreaterThan(3);
    expect(outcome.data?.written).toMatchObject({ recommended_prompts: catalogue, prompt_folders: 2, saved_prompts: 1 });
    expect(planWrites(planRestore(file, must(await readAllSections(master.client)), master.id))).toBe(0);
  });

  it('only master admins may restore; nothing outside RLS-guarded API tables can be written', async () => {
    const changes = [
      {
        table: 'recommended_prompts',
        key: ['id'],
        mode: 'upsert',
        rows: [{ id: '44444444-4444-4444-8444-444444444444', name: 'Sneaky', prompt_text: 'x', category: 'X' }],
      },
    ];
    for (const person of [admin, editor]) {
      const { error } = await person.client.rpc('admin_restore_backup', { changes });
      expect(error).toMatchObject({ code: '42501', message: 'Only master admins can restore a backup.' });
    }
    expect((await stack.anon().rpc('admin_restore_backup', { changes })).error?.code).toBe('42501');
    const schemaTable = await master.client.rpc('admin_restore_backup', { changes: [{ ...changes[0], table: 'supabase_migrations' }] });
    expect(schemaTable.error?.message).toBe('Cannot restore into "supabase_migrations".');
    const keys = await master.client.rpc('admin_restore_backup', {
      changes: [{ table: 'user_api_keys', key: ['user_id'], mode: 'upsert', rows: [{ user_id: editor.id, openai_api_key: 'sk-x' }] }],
    });
    expect(keys.error?.code).toBe('42501'); // RLS: not the master admin's row
    const { rows } = await stack.db.query("select 1 from public.recommended_prompts where name = 'Sneaky'");
    expect(rows).toHaveLength(0);
  });
});
