import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addNode,
  documentIds,
  findNode,
  newFile,
  newFolder,
  renameNode,
  type TreeResult,
  type WorkspaceStructure,
} from '@/shared/core/workspaces/tree.ts';
import * as ws from '@/shared/data/workspaces.ts';
import { getDocument } from '@/shared/data/documents/documents.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';

/** Workspaces: the demo on first visit, validation, versioned saves and two-tab merges (migration 20261123001300). */

let stack: TestStack;
let me: Person;

beforeAll(async () => {
  stack = await startTestStack();
  me = await person(stack, 'workspaces');
});
afterAll(async () => stack?.close());

const ok = (result: TreeResult): WorkspaceStructure => {
  if (!result.ok) throw new Error(result.error);
  return result.value;
};

describe(`the file manager's workspaces (${testDbKind})`, () => {
  it('creates the demo workspace with its welcome document on the first visit, once, even from two tabs at once', async () => {
    const fresh = await person(stack, 'first-visit');
    const [tabA, tabB] = await Promise.all([ws.listWorkspaces(fresh.client, fresh.userId), ws.listWorkspaces(fresh.client, fresh.userId)]);
    const lists = [must(tabA), must(tabB)];
    const all = must(await ws.listWorkspaces(fresh.client, fresh.userId));
    expect(all).toHaveLength(1);
    expect(lists.some((l) => l.length === 1)).toBe(true);
    const demo = all[0]!;
    expect(demo).toMatchObject({ name: 'My First Workspace', version: 1, userId: fresh.userId });
    const [docId] = documentIds(demo.structure);
    const welcome = must(await getDocument(fresh.client, docId!));
    expect(welcome?.name).toBe('Welcome to your workspace');

    // Deleted, it does not come back.
    must(await ws.deleteWorkspace(fresh.client, demo.id));
    expect(must(await ws.listWorkspaces(fresh.client, fresh.userId))).toEqual([]);
  });

  it('gives a view_only account no demo (it only sees what is shared with it)', async () => {
    const viewer = await person(stack, 'viewer', 'view_only');
    expect(must(await ws.listWorkspaces(viewer.client, viewer.userId))).toEqual([]);
    expect((await ws.createWorkspace(viewer.client, 'Mine')).error?.code).toBe('42501');
  });

  it('creates, renames and deletes workspaces with the product’s message for a blank name', async () => {
    expect((await ws.createWorkspace(me.client, '   ')).error).toEqual({
      message: 'Workspace name cannot be empty',
      code: 'invalid',
      kind: 'invalid',
    });
    const created = must(await ws.createWorkspace(me.client, '  Q3 Launch '));
    expect(created).toMatchObject({ name: 'Q3 Launch', structure: [], version: 1 });
    expect((await ws.renameWorkspace(me.client, created.id, '')).error?.message).toBe('Workspace name cannot be empty');
    const renamed = must(await ws.renameWorkspace(me.client, created.id, 'Q4 Launch'));
    expect(renamed).toMatchObject({ name: 'Q4 Launch', version: 1 });
    expect(must(await ws.deleteWorkspace(me.client, created.id))).toBe(true);
    expect(must(await ws.getWorkspace(me.client, created.id))).toBeNull();
  });

  it('refuses a structure that is not a workspace tree', async () => {
    const created = must(await ws.createWorkspace(me.client, 'Checked'));
    const bad = [{ id: 'a', type: 'folder', name: 'A', children: [{ id: 'a', type: 'file', name: 'dup', docId: null }] }];
    const { error } = await me.client.from('workspaces').update({ structure: bad }).eq('id', created.id);
    expect(error?.code).toBe('23514');
    const blank = await me.client
      .from('workspaces')
      .update({ structure: [{ id: 'b', type: 'file', name: '  ', docId: null }] })
      .eq('id', created.id);
    expect(blank.error?.code).toBe('23514');
  });

  it('raises the version on every structure change, whatever the client sends', async () => {
    const created = must(await ws.createWorkspace(me.client, 'Versions'));
    const tree = ok(addNode([], null, newFolder('One', 'one')));
    const saved = must(await ws.saveStructure(me.client, created.id, tree, 1));
    expect(saved).toMatchObject({ status: 'saved', workspace: { version: 2, structure: tree } });
    const forged = await me.client
      .from('workspaces')
      .update({ structure: [], version: 99 })
      .eq('id', created.id)
      .select('version')
      .single();
    expect(forged.data).toEqual({ version: 3 });
    // A save from version 2 now matches nothing and reports the current version.
    const stale = must(await ws.saveStructure(me.client, created.id, tree, 2));
    expect(stale).toMatchObject({ status: 'conflict', current: { version: 3, structure: [] } });
  });

  it('merges two tabs’ edits without losing either', async () => {
    const start = ok(addNode(ok(addNode([], null, newFolder('Marketing', 'marketing'))), null, newFile('Notes', null, 'notes')));
    const created = must(await ws.createWorkspace(me.client, 'Two tabs', start));
    const tabA = created;
    const tabB = must(await ws.getWorkspace(me.client, created.id))!;

    const fromA = ok(addNode(tabA.structure, 'marketing', newFile('Launch email', null, 'launch-email')));
    const savedA = must(await ws.saveWorkspaceEdit(me.client, tabA, fromA));
    expect(savedA).toMatchObject({ status: 'saved', merged: false, workspace: { version: 2 } });

    const fromB = ok(renameNode(tabB.structure, 'notes', 'Meeting notes'));
    const savedB = must(await ws.saveWorkspaceEdit(me.client, tabB, fromB));
    if (savedB.status !== 'saved') throw new Error(`expected a merged save, got ${savedB.status}`);
    expect(savedB.merged).toBe(true);
    expect(savedB.workspace.version).toBe(3);
    const final = must(await ws.getWorkspace(me.client, created.id))!;
    expect(findNode(final.structure, 'launch-email')?.parentId).toBe('marketing');
    expect(findNode(final.structure, 'notes')?.node.name).toBe('Meeting notes');
  });

  it('returns a real conflict to be decided, then saves the user’s choice', async () => {
    const start = ok(addNode([], null, newFile('Brief', null, 'brief')));
    const created = must(await ws.createWorkspace(me.client, 'Conflicts', start));
    must(await ws.saveWorkspaceEdit(me.client, created, ok(renameNode(created.structure, 'brief', 'Creative brief'))));

    const mine = ok(renameNode(created.structure, 'brief', 'Project brief'));
    const asked = must(await ws.saveWorkspaceEdit(me.client, created, mine));
    if (asked.status !== 'conflicts') throw new Error(`expected conflicts, got ${asked.status}`);
    expect(asked.merge.conflicts).toMatchObject([{ key: 'name:brief', kind: 'name', mine: 'Project brief', theirs: 'Creative brief' }]);
    expect(must(await ws.getWorkspace(me.client, created.id))!.version).toBe(2); // nothing written while asking

    const decided = must(await ws.saveWorkspaceEdit(me.client, created, mine, { 'name:brief': 'theirs' }));
    expect(decided).toMatchObject({ status: 'saved', merged: true });
    expect(findNode(must(await ws.getWorkspace(me.client, created.id))!.structure, 'brief')?.node.name).toBe('Creative brief');
  });

  it('reports a workspace deleted meanwhile', async () => {
    const created = must(await ws.createWorkspace(me.client, 'Short-lived'));
    must(await ws.deleteWorkspace(me.client, created.id));
    expect(must(await ws.saveWorkspaceEdit(me.client, created, ok(addNode([], null, newFolder('X', 'x')))))).toEqual({ status: 'gone' });
  });
});
