import { describe, expect, it } from 'vitest';
import {
  addNode,
  attachDocument,
  childrenOf,
  deleteNode,
  findNode,
  moveNode,
  newFile,
  newFolder,
  nodePath,
  renameNode,
  type TreeResult,
  type WorkspaceStructure,
} from '@/shared/core/workspaces/tree.ts';
import { mergeStructures, type MergeConflict } from '@/shared/core/workspaces/merge.ts';

const DOC_A = '6f1c1b8e-1111-4222-8333-944444444444';
const DOC_B = '7a2d2c9f-2222-4333-9444-a55555555555';

const base = (): WorkspaceStructure => [
  {
    id: 'marketing',
    type: 'folder',
    name: 'Marketing',
    children: [
      { id: 'emails', type: 'folder', name: 'Emails', children: [{ id: 'welcome', type: 'file', name: 'Welcome', docId: DOC_A }] },
      { id: 'brief', type: 'file', name: 'Brief', docId: null },
    ],
  },
  { id: 'drafts', type: 'folder', name: 'Drafts', children: [] },
  { id: 'notes', type: 'file', name: 'Notes', docId: null },
];

const ok = (result: TreeResult): WorkspaceStructure => {
  if (!result.ok) throw new Error(result.error);
  return result.value;
};
const names = (structure: WorkspaceStructure, folderId: string | null = null) => childrenOf(structure, folderId).map((n) => n.name);
const pathOf = (structure: WorkspaceStructure, id: string) => nodePath(structure, id).map((n) => n.name);
const kinds = (conflicts: MergeConflict[]) => conflicts.map((c) => `${c.kind}:${c.nodeId}`);

describe('three-way workspace merge', () => {
  it('changes nothing when neither side changed, and takes the one side that did', () => {
    expect(mergeStructures(base(), base(), base())).toEqual({ structure: base(), conflicts: [] });
    const mine = ok(renameNode(base(), 'notes', 'Meeting notes'));
    expect(mergeStructures(base(), mine, base())).toEqual({ structure: mine, conflicts: [] });
    expect(mergeStructures(base(), base(), mine)).toEqual({ structure: mine, conflicts: [] });
  });

  it('keeps both sides’ additions', () => {
    const mine = ok(addNode(base(), 'drafts', newFile('Mine', null, 'mine-file')));
    const theirs = ok(addNode(base(), 'drafts', newFolder('Theirs', 'their-folder')));
    const { structure, conflicts } = mergeStructures(base(), mine, theirs);
    expect(conflicts).toEqual([]);
    expect(names(structure, 'drafts').sort()).toEqual(['Mine', 'Theirs']);
  });

  it('applies a rename here and a move there to the same node', () => {
    const mine = ok(renameNode(base(), 'welcome', 'Welcome email'));
    const theirs = ok(moveNode(base(), 'welcome', 'drafts'));
    const { structure, conflicts } = mergeStructures(base(), mine, theirs);
    expect(conflicts).toEqual([]);
    expect(pathOf(structure, 'welcome')).toEqual(['Drafts', 'Welcome email']);
  });

  it('keeps independent deletions and edits elsewhere', () => {
    const mine = ok(deleteNode(base(), 'notes'));
    const theirs = ok(attachDocument(base(), 'brief', DOC_B));
    const { structure, conflicts } = mergeStructures(base(), mine, theirs);
    expect(conflicts).toEqual([]);
    expect(findNode(structure, 'notes')).toBeNull();
    expect(findNode(structure, 'brief')?.node).toMatchObject({ docId: DOC_B });
  });

  it('reports two different renames of one node and resolves them as chosen', () => {
    const mine = ok(renameNode(base(), 'brief', 'Creative brief'));
    const theirs = ok(renameNode(base(), 'brief', 'Project brief'));
    const byDefault = mergeStructures(base(), mine, theirs);
    expect(byDefault.conflicts).toEqual([
      {
        key: 'name:brief',
        kind: 'name',
        nodeId: 'brief',
        name: 'Creative brief',
        mine: 'Creative brief',
        theirs: 'Project brief',
        choice: 'mine',
      },
    ]);
    expect(findNode(byDefault.structure, 'brief')?.node.name).toBe('Creative brief');
    const chosen = mergeStructures(base(), mine, theirs, () => 'theirs');
    expect(findNode(chosen.structure, 'brief')?.node.name).toBe('Project brief');
  });

  it('reports the same node moved to two different folders', () => {
    const mine = ok(moveNode(base(), 'notes', 'drafts'));
    const theirs = ok(moveNode(base(), 'notes', 'emails'));
    const { structure, conflicts } = mergeStructures(base(), mine, theirs);
    expect(conflicts).toMatchObject([{ kind: 'location', nodeId: 'notes', mine: 'Drafts', theirs: 'Emails', choice: 'mine' }]);
    expect(pathOf(structure, 'notes')).toEqual(['Drafts', 'Notes']);
  });

  it('reports a node deleted on one side and changed on the other, and keeps the change unless told otherwise', () => {
    const mine = ok(renameNode(base(), 'notes', 'Notes v2'));
    const theirs = ok(deleteNode(base(), 'notes'));
    const kept = mergeStructures(base(), mine, theirs);
    expect(kept.conflicts).toMatchObject([{ kind: 'deleted', nodeId: 'notes', deletedBy: 'theirs', choice: 'mine' }]);
    expect(findNode(kept.structure, 'notes')?.node.name).toBe('Notes v2');
    const deleted = mergeStructures(base(), mine, theirs, () => 'theirs');
    expect(findNode(deleted.structure, 'notes')).toBeNull();
  });

  it('brings back a folder the other side deleted when this side put something into it', () => {
    const mine = ok(addNode(base(), 'emails', newFile('Follow-up', null, 'follow-up')));
    const theirs = ok(deleteNode(base(), 'marketing'));
    const kept = mergeStructures(base(), mine, theirs);
    expect(kinds(kept.conflicts).sort()).toEqual(['deleted:emails', 'deleted:marketing']);
    expect(pathOf(kept.structure, 'follow-up')).toEqual(['Marketing', 'Emails', 'Follow-up']);
    // Untouched siblings inside the deleted folder stay deleted.
    expect(findNode(kept.structure, 'brief')).toBeNull();
    expect(findNode(kept.structure, 'welcome')).toBeNull();
    // Siding with the deletion removes the folder with what was put into it.
    const deleted = mergeStructures(base(), mine, theirs, (c) => (c.kind === 'deleted' ? c.deletedBy! : 'mine'));
    expect(findNode(deleted.structure, 'marketing')).toBeNull();
    expect(findNode(deleted.structure, 'follow-up')).toBeNull();
  });

  it('never nests two folders in each other when each side moved one into the other', () => {
    const mine = ok(moveNode(base(), 'drafts', 'emails'));
    const theirs = ok(moveNode(base(), 'marketing', 'drafts'));
    const { structure, conflicts } = mergeStructures(base(), mine, theirs);
    expect(kinds(conflicts)).toEqual(['cycle:drafts']);
    // The other tab's move stands; every node is still in the tree exactly once.
    expect(pathOf(structure, 'emails')).toEqual(['Drafts', 'Marketing', 'Emails']);
    const all = JSON.stringify(structure);
    for (const id of ['marketing', 'emails', 'welcome', 'brief', 'drafts', 'notes']) expect(all.split(`"id":"${id}"`).length - 1).toBe(1);
  });

  it('keeps this side’s reordering and places the other side’s additions next to their neighbours', () => {
    const mine = ok(moveNode(base(), 'notes', null, 0)); // Notes, Marketing, Drafts
    const theirs = ok(addNode(base(), null, newFolder('Archive', 'archive'), 2)); // Marketing, Drafts, Archive, Notes
    const { structure, conflicts } = mergeStructures(base(), mine, theirs);
    expect(conflicts).toEqual([]);
    expect(names(structure)).toEqual(['Notes', 'Marketing', 'Drafts', 'Archive']);
  });

  it('treats the same addition on both sides (a repeated save) as one node', () => {
    const added = ok(addNode(base(), null, newFile('Same', null, 'same')));
    const { structure, conflicts } = mergeStructures(base(), added, added);
    expect(conflicts).toEqual([]);
    expect(structure).toEqual(added);
  });
});
