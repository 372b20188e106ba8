import { describe, expect, it } from 'vitest';
import {
  addNode,
  attachDocument,
  childrenOf,
  countByType,
  countNodes,
  deleteNode,
  documentIds,
  findNode,
  moveNode,
  moveTargets,
  newFile,
  newFolder,
  nodeNameProblem,
  nodePath,
  renameNode,
  TOP_LEVEL_LABEL,
  WORKSPACE_LIMITS,
  WORKSPACE_TEXTS,
  workspaceNameProblem,
  type TreeResult,
  type WorkspaceStructure,
} from '@/shared/core/workspaces/tree.ts';
import { DEMO_DOCUMENT_REF, demoWorkspace } from '@/shared/core/workspaces/demo.ts';
import { parseStructure } from '@/shared/core/workspaces/parse.ts';

const DOC = '6f1c1b8e-1111-4222-8333-944444444444';

/** Marketing [ Launch [ plan.docx ], brief ], Drafts [], notes */
const tree = (): WorkspaceStructure => [
  {
    id: 'marketing',
    type: 'folder',
    name: 'Marketing',
    children: [
      { id: 'launch', type: 'folder', name: 'Launch', children: [{ id: 'plan', type: 'file', name: 'Plan', docId: DOC }] },
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

describe('spec texts and names', () => {
  it('are the workspace texts, verbatim', () => {
    expect(WORKSPACE_TEXTS).toEqual({
      workspaceNameRequired: 'Workspace name cannot be empty',
      folderNameRequired: 'Folder name cannot be empty',
      fileNameRequired: 'File name cannot be empty',
    });
  });

  it('refuse blank names with the message for the kind of item', () => {
    expect(workspaceNameProblem('   ')).toBe('Workspace name cannot be empty');
    expect(nodeNameProblem('folder', '')).toBe('Folder name cannot be empty');
    expect(nodeNameProblem('file', ' \t ')).toBe('File name cannot be empty');
    expect(nodeNameProblem('file', 'x'.repeat(201))).toMatch(/at most 200/);
    expect(workspaceNameProblem(' Q3 launch ')).toBeNull();
  });
});

describe('reading a tree', () => {
  it('finds nodes with their parent, position and depth', () => {
    expect(findNode(tree(), 'plan')).toMatchObject({ parentId: 'launch', index: 0, depth: 3 });
    expect(findNode(tree(), 'notes')).toMatchObject({ parentId: null, index: 2, depth: 1 });
    expect(findNode(tree(), 'missing')).toBeNull();
  });

  it('gives the breadcrumb path from the top down to the node', () => {
    expect(nodePath(tree(), 'plan').map((n) => n.name)).toEqual(['Marketing', 'Launch', 'Plan']);
    expect(nodePath(tree(), 'drafts').map((n) => n.name)).toEqual(['Drafts']);
    expect(nodePath(tree(), 'missing')).toEqual([]);
  });

  it('lists the documents the files point at, and counts nodes', () => {
    expect(documentIds(tree())).toEqual([DOC]);
    expect(countNodes(tree())).toBe(6);
    expect(countByType(tree())).toEqual({ folders: 3, files: 3 });
  });

  it('offers every folder but the moving one and its subfolders as a move target', () => {
    expect(moveTargets(tree(), 'marketing').map((t) => t.label)).toEqual([TOP_LEVEL_LABEL, 'Drafts']);
    expect(moveTargets(tree(), 'notes').map((t) => t.label)).toEqual([TOP_LEVEL_LABEL, 'Marketing', 'Marketing / Launch', 'Drafts']);
  });
});

describe('changing a tree', () => {
  it('adds folders and files at the top, inside folders and at a position, trimming names', () => {
    const original = tree();
    const a = ok(addNode(original, null, newFolder('  Archive ', 'archive')));
    expect(names(a)).toEqual(['Marketing', 'Drafts', 'Notes', 'Archive']);
    const b = ok(addNode(a, 'drafts', newFile('Idea', DOC, 'idea')));
    expect(names(b, 'drafts')).toEqual(['Idea']);
    const c = ok(addNode(b, 'marketing', newFile('First', null, 'first'), 0));
    expect(names(c, 'marketing')).toEqual(['First', 'Launch', 'Brief']);
    expect(names(original)).toEqual(['Marketing', 'Drafts', 'Notes']); // never modified in place
  });

  it('refuses blank names, duplicate ids, missing parents and files as parents', () => {
    expect(addNode(tree(), null, newFolder(' ', 'x'))).toEqual({ ok: false, error: 'Folder name cannot be empty' });
    expect(addNode(tree(), null, newFile('', null, 'x'))).toEqual({ ok: false, error: 'File name cannot be empty' });
    expect(addNode(tree(), null, newFile('Dup', null, 'notes')).ok).toBe(false);
    expect(addNode(tree(), 'gone', newFile('X', null, 'x')).ok).toBe(false);
    expect(addNode(tree(), 'notes', newFile('X', null, 'x')).ok).toBe(false);
  });

  it('renames with the same rules', () => {
    expect(findNode(ok(renameNode(tree(), 'launch', ' Go live ')), 'launch')?.node.name).toBe('Go live');
    expect(renameNode(tree(), 'launch', '')).toEqual({ ok: false, error: 'Folder name cannot be empty' });
    expect(renameNode(tree(), 'notes', '  ')).toEqual({ ok: false, error: 'File name cannot be empty' });
  });

  it('deletes a folder with everything inside it', () => {
    const next = ok(deleteNode(tree(), 'marketing'));
    expect(names(next)).toEqual(['Drafts', 'Notes']);
    expect(findNode(next, 'plan')).toBeNull();
    expect(deleteNode(next, 'marketing').ok).toBe(false);
  });

  it('attaches and detaches a file’s document', () => {
    const next = ok(attachDocument(tree(), 'notes', DOC));
    expect(findNode(next, 'notes')?.node).toMatchObject({ docId: DOC });
    expect(findNode(ok(attachDocument(next, 'notes', null)), 'notes')?.node).toMatchObject({ docId: null });
    expect(attachDocument(tree(), 'drafts', DOC).ok).toBe(false);
  });

  it('moves into another folder, to the top level and within a list', () => {
    const intoDrafts = ok(moveNode(tree(), 'launch', 'drafts'));
    expect(nodePath(intoDrafts, 'plan').map((n) => n.name)).toEqual(['Drafts', 'Launch', 'Plan']);
    const toTop = ok(moveNode(tree(), 'plan', null, 0));
    expect(names(toTop)).toEqual(['Plan', 'Marketing', 'Drafts', 'Notes']);
    // Within the same list, the index is the drop position among the list as it was.
    expect(names(ok(moveNode(tree(), 'marketing', null, 3)))).toEqual(['Drafts', 'Notes', 'Marketing']);
    expect(names(ok(moveNode(tree(), 'notes', null, 0)))).toEqual(['Notes', 'Marketing', 'Drafts']);
  });

  it('never moves a folder into itself or one of its subfolders', () => {
    const message = 'A folder cannot be moved into itself or one of its subfolders.';
    expect(moveNode(tree(), 'marketing', 'marketing')).toEqual({ ok: false, error: message });
    expect(moveNode(tree(), 'marketing', 'launch')).toEqual({ ok: false, error: message });
    expect(moveNode(tree(), 'notes', 'brief').ok).toBe(false); // a file is not a folder
  });

  it('keeps folders within the nesting limit', () => {
    let structure: WorkspaceStructure = [];
    let parent: string | null = null;
    for (let level = 1; level <= WORKSPACE_LIMITS.depthMax; level++) {
      structure = ok(addNode(structure, parent, newFolder(`L${level}`, `l${level}`)));
      parent = `l${level}`;
    }
    expect(addNode(structure, parent, newFile('Too deep', null, 'deep')).ok).toBe(false);
    expect(moveNode(ok(addNode(structure, null, newFolder('Side', 'side'))), 'side', parent).ok).toBe(false);
  });
});

describe('structure check', () => {
  it('accepts the workspace shape and returns a clean copy', () => {
    expect(parseStructure(tree())).toEqual(tree());
    expect(parseStructure([{ id: 'f', type: 'file', name: 'No doc' }])).toEqual([{ id: 'f', type: 'file', name: 'No doc', docId: null }]);
  });

  it.each([
    ['not an array', { id: 'x' }],
    ['a blank name', [{ id: 'a', type: 'folder', name: ' ', children: [] }]],
    ['duplicate ids', [{ id: 'a', type: 'folder', name: 'A', children: [{ id: 'a', type: 'file', name: 'B', docId: null }] }]],
    ['an unknown type', [{ id: 'a', type: 'link', name: 'A' }]],
    ['a folder without children', [{ id: 'a', type: 'folder', name: 'A' }]],
    ['a docId that is not a uuid', [{ id: 'a', type: 'file', name: 'A', docId: 'doc-1' }]],
  ])('refuses %s', (_label, value) => {
    expect(parseStructure(value)).toBeNull();
  });
});

describe('demo workspace', () => {
  it('has folders and a welcome file pointing at the welcome document, in the shape the database accepts', () => {
    const demo = demoWorkspace();
    expect(demo.name.trim()).not.toBe('');
    expect(demo.document.content).toMatch(/^# Welcome to your workspace/);
    const withDoc = JSON.parse(JSON.stringify(demo.structure).replace(`"${DEMO_DOCUMENT_REF}"`, `"${DOC}"`)) as unknown;
    const parsed = parseStructure(withDoc);
    expect(parsed).not.toBeNull();
    expect(documentIds(parsed!)).toEqual([DOC]);
    expect(parsed!.filter((n) => n.type === 'folder').length).toBeGreaterThanOrEqual(2);
    // Fresh ids every time, so two demos never share node ids.
    expect(JSON.stringify(demoWorkspace().structure)).not.toBe(JSON.stringify(demo.structure));
  });
});
