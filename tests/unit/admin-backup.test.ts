import { describe, expect, it } from 'vitest';
import { BACKUP_FILE_NAME, BACKUP_SECTIONS, parseBackup, type BackupFile, type Row } from '@/shared/core/admin/backup.ts';
import { planRestore, planWrites, restoreBatches } from '@/shared/core/admin/restore.ts';

const ME = 'me-0000';
const file = (tables: Record<string, Row[]>): BackupFile => ({
  format: 'ai-vault-backup',
  version: 1,
  product: 'AI Vault',
  exported_at: '2026-11-23T10:00:00.000Z',
  exported_by: 'master@example.com',
  tables,
});

describe('backup file', () => {
  it('is named ai_vault_all_app_data.json', () => {
    expect(BACKUP_FILE_NAME).toBe('ai_vault_all_app_data.json');
  });

  it('parses a well-formed file', () => {
    const parsed = parseBackup(JSON.stringify(file({ saved_prompts: [{ id: 'a', user_id: ME, name: 'x', meta: { nested: [1, null] } }] })));
    expect(parsed.ok).toBe(true);
  });

  it('explains what is wrong with anything else', () => {
    expect(parseBackup('{ nope')).toEqual({ ok: false, errors: ['The file is not valid JSON.'] });
    expect(parseBackup(JSON.stringify({ format: 'other' }))).toMatchObject({
      ok: false,
      errors: expect.arrayContaining(['format: This is not an AI Vault backup file.']),
    });
    expect(parseBackup(JSON.stringify({ ...file({}), version: 2 }))).toMatchObject({
      ok: false,
      errors: ['version: Only backup version 1 files can be restored.'],
    });
    const bad = parseBackup(
      JSON.stringify(
        file({
          saved_prompts: [
            { name: 'no id', user_id: ME },
            { id: 'a', 'drop table': 1, user_id: ME },
            { id: 'a', user_id: ME },
          ],
          prompt_folders: [{ id: 'f' }],
        }),
      ),
    );
    expect(bad).toEqual({
      ok: false,
      errors: [
        'tables.saved_prompts.0: missing id.',
        'tables.saved_prompts.1: "drop table" is not a column name.',
        'tables.saved_prompts.2: id appears twice.',
        'tables.prompt_folders.0: missing user_id.',
      ],
    });
  });

  it('caps the list of problems at ten', () => {
    const rows = Array.from({ length: 15 }, () => ({ name: 'no id', user_id: ME }));
    const parsed = parseBackup(JSON.stringify(file({ saved_prompts: rows })));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.errors).toHaveLength(11);
      expect(parsed.errors[10]).toBe('…and 5 more problems.');
    }
  });
});

describe('restore plan (dry run)', () => {
  it('classifies rows as added, changed, unchanged or skipped, ignoring key order and bookkeeping columns', () => {
    const plan = planRestore(
      file({
        saved_prompts: [
          { id: 'new', user_id: ME, name: 'New' },
          { id: 'same', user_id: ME, name: 'Same', meta: { a: 1, b: 2 }, updated_at: '2020-01-01' },
          { id: 'edit', user_id: ME, name: 'Old name' },
          { id: 'theirs', user_id: 'someone-else', name: 'Theirs' },
        ],
        users: [
          { id: 'u1', name: 'Ann', email: 'ann@example.com', phone: null, role: 'editor', created_at: 'x' },
          { id: 'gone', name: 'Gone', email: 'gone@example.com', phone: null, role: 'editor', created_at: 'x' },
        ],
        contact_messages: [{ id: 'm1' }],
        brand_new_table: [{ id: 1 }],
      }),
      {
        saved_prompts: [
          { id: 'same', user_id: ME, name: 'Same', meta: { b: 2, a: 1 }, updated_at: '2026-11-23' },
          { id: 'edit', user_id: ME, name: 'New name' },
        ],
        users: [{ id: 'u1', name: 'Ann', email: 'changed@example.com', phone: null, role: 'view_only', created_at: 'y' }],
      },
      ME,
    );
    const prompts = plan.sections.find((s) => s.name === 'saved_prompts')!;
    expect(prompts.added.map((r) => r.id)).toEqual(['new']);
    expect(prompts.changed.map((r) => r.id)).toEqual(['edit']);
    expect(prompts.unchanged).toBe(1);
    expect(prompts.skipped).toEqual([{ count: 1, reason: 'Belongs to another account: only your own items are restored.' }]);
    const users = plan.sections.find((s) => s.name === 'users')!;
    // Only name, phone and role are restored: the e-mail and dates stay with the account.
    expect(users.changed).toEqual([{ id: 'u1', name: 'Ann', phone: null, role: 'editor' }]);
    expect(users.skipped).toEqual([{ count: 1, reason: 'No such account now (or not one you manage).' }]);
    expect(plan.sections.find((s) => s.name === 'contact_messages')!.skipped).toEqual([
      { count: 1, reason: 'Messages people sent are kept as they are.' },
    ]);
    expect(plan.sections.map((s) => s.name)).toEqual(['users', 'saved_prompts', 'contact_messages']); // restore order, only sections in the file
    expect(plan.unknownSections).toEqual(['brand_new_table']);
    expect(planWrites(plan)).toBe(3);
  });

  it('never gives the role User back: the account keeps its role, the rest is restored', () => {
    const plan = planRestore(
      file({
        users: [
          { id: 'u1', name: 'Ann', phone: null, role: 'user' },
          { id: 'u2', name: 'Bo', phone: null, role: 'user' },
        ],
      }),
      {
        users: [
          { id: 'u1', name: 'Drifted', phone: null, role: 'view_only' },
          { id: 'u2', name: 'Bo', phone: null, role: 'editor' },
        ],
      },
      ME,
    );
    const users = plan.sections.find((s) => s.name === 'users')!;
    expect(users.changed).toEqual([{ id: 'u1', name: 'Ann', phone: null, role: 'view_only' }]);
    expect(users.unchanged).toBe(1);
    expect(users.skipped).toEqual([
      {
        count: 2,
        reason: 'The role User is not given back (roles go to Admin, Editor or View Only); the rest of the account is restored.',
      },
    ]);
  });
});

describe('restore batches', () => {
  const folders = (rows: Row[]) => planRestore(file({ prompt_folders: rows }), {}, ME);

  it('keeps restore order and writes nested folders parents first, one statement per level', () => {
    const plan = planRestore(
      file({
        saved_prompts: [{ id: 'p', user_id: ME, folder_id: 'c' }],
        prompt_folders: [
          { id: 'c', user_id: ME, parent_folder_id: 'b' },
          { id: 'b', user_id: ME, parent_folder_id: 'a' },
          { id: 'a', user_id: ME, parent_folder_id: null },
          { id: 'x', user_id: ME, parent_folder_id: 'existing-elsewhere' },
        ],
      }),
      {},
      ME,
    );
    const [batch] = restoreBatches(plan);
    expect(batch!.map((change) => [change.table, change.rows.map((r) => r.id)])).toEqual([
      ['prompt_folders', ['a', 'x']],
      ['prompt_folders', ['b']],
      ['prompt_folders', ['c']],
      ['saved_prompts', ['p']],
    ]);
    expect(batch![0]).toMatchObject({ key: ['id'], mode: 'upsert' });
  });

  it('survives a cycle in the file (the database refuses it, not the planner)', () => {
    const [batch] = restoreBatches(
      folders([
        { id: 'a', user_id: ME, parent_folder_id: 'b' },
        { id: 'b', user_id: ME, parent_folder_id: 'a' },
      ]),
    );
    expect(batch!.flatMap((c) => c.rows.map((r) => r.id)).sort()).toEqual(['a', 'b']);
  });

  it('cuts requests at the size limit without losing or reordering rows', () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ id: `r${i}`, user_id: ME, name: 'x'.repeat(100) }));
    const batches = restoreBatches(planRestore(file({ saved_prompts: rows }), {}, ME), 300);
    expect(batches.length).toBe(5);
    expect(batches.flatMap((b) => b.flatMap((c) => c.rows.map((r) => r.id)))).toEqual(rows.map((r) => r.id));
    expect(restoreBatches(planRestore(file({}), {}, ME))).toEqual([]);
  });

  it('every section restores into a table and lists its key', () => {
    for (const section of BACKUP_SECTIONS) {
      expect(section.key.length).toBeGreaterThan(0);
      expect(section.table).toMatch(/^[a-z_]+$/);
    }
  });
});
