import { describe, expect, it } from 'vitest';
import {
  accountOwnedColumns,
  documentFileBase,
  EXPORTED_ROWS,
  exportArchiveName,
  OMITTED_COLUMNS,
  OMITTED_ROWS,
} from '@/shared/core/account/manifest.ts';
import { ACCOUNT_TEXTS, deleteFormProblem } from '@/shared/core/account/texts.ts';

describe('the account manifest', () => {
  it('names each (table, column) once, exported or left out', () => {
    const all = accountOwnedColumns();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain('saved_prompts.user_id');
    expect(all).toContain('shares.owner_id');
    expect(all).toContain('shares.recipient_id');
  });

  it('gives every exported kind its own file name, safe in a zip', () => {
    const files = EXPORTED_ROWS.map((entry) => entry.file);
    expect(new Set(files).size).toBe(files.length);
    for (const file of files) expect(file).toMatch(/^[a-z_]+$/);
  });

  it('says why rows are left out, and leaves secrets out of exported tables', () => {
    for (const entry of OMITTED_ROWS) expect(entry.reason.length).toBeGreaterThan(10);
    expect(OMITTED_ROWS.map((entry) => entry.table)).toContain('user_api_keys');
    expect(OMITTED_COLUMNS.shares).toContain('invite_token_hash');
    for (const table of Object.keys(OMITTED_COLUMNS)) expect(EXPORTED_ROWS.some((entry) => entry.table === table)).toBe(true);
  });

  it('names the archive after the day and each document after its name and id', () => {
    expect(exportArchiveName(new Date('2026-11-27T23:59:00Z'))).toBe('ai-vault-export-2026-11-27.zip');
    expect(documentFileBase({ id: '1234abcd-0000-4000-8000-000000000000', name: 'Launch plan: Q1/Q2 "draft"' })).toBe(
      'Launch-plan-Q1Q2-draft-1234abcd',
    );
    expect(documentFileBase({ id: 'ffffeeee-0000', name: '///' })).toBe('document-ffffeeee');
  });
});

describe('the delete form', () => {
  const form = { password: 'secret', code: '', confirmation: 'DELETE' };

  it('asks for the password, the typed word and, with two-factor, a 6-digit code', () => {
    expect(deleteFormProblem(form, false)).toBeNull();
    expect(deleteFormProblem({ ...form, password: '' }, false)).toBe(ACCOUNT_TEXTS.passwordMissing);
    expect(deleteFormProblem({ ...form, confirmation: 'delete' }, false)).toBe(ACCOUNT_TEXTS.confirmMissing);
    expect(deleteFormProblem(form, true)).toBe(ACCOUNT_TEXTS.codeMissing);
    expect(deleteFormProblem({ ...form, code: '123 456' }, true)).toBeNull();
  });

  it('words the export message with the file name', () => {
    expect(ACCOUNT_TEXTS.exported('ai-vault-export-2026-11-27.zip')).toBe('Your data was downloaded as ai-vault-export-2026-11-27.zip.');
  });
});
