import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addNode, newFile, newFolder, type TreeResult, type WorkspaceStructure } from '@/shared/core/workspaces/tree.ts';
import * as docs from '@/shared/data/documents/documents.ts';
import * as teams from '@/shared/data/teams.ts';
import * as ws from '@/shared/data/workspaces.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';
import { joinTeam, subscribe } from './teams-helpers.ts';

/**
 * The team's workspaces and documents (migration 20261129000200): the owner marks a workspace as
 * the team's; members read it and the owner's documents in it, editors change their name and
 * contents, view_only members are refused with a sentence, outsiders see nothing, and personal
 * ownership stays as it was (only owners delete, move, or take a workspace in and out of the team).
 */

let stack: TestStack;
let owner: Person;
let editor: Person;
let viewer: Person;
let outsider: Person;
let team: teams.Team;
let workspace: ws.Workspace;
let inWorkspace: docs.DocumentSummary;
let privateDoc: docs.DocumentSummary;

const ok = (result: TreeResult): WorkspaceStructure => {
  if (!result.ok) throw new Error(result.error);
  return result.value;
};

beforeAll(async () => {
  stack = await startTestStack();
  [owner, editor, viewer, outsider] = [
    await person(stack, 'tc-owner'),
    await person(stack, 'tc-editor'),
    await person(stack, 'tc-viewer'),
    await person(stack, 'tc-outsider'),
  ];
  await subscribe(stack, owner, 'team');
  team = must(await teams.getMyTeam(owner.client, owner.userId))!.team;
  await joinTeam(stack, owner, editor, 'editor');
  await joinTeam(stack, owner, viewer, 'view_only');
  inWorkspace = must(await docs.saveDocument(owner.client, { name: 'Team plan', content: '# Team plan' }));
  privateDoc = must(await docs.saveDocument(owner.client, { name: 'Owner only', content: 'secret' }));
  let tree = ok(addNode([], null, newFolder('Plans', 'plans')));
  tree = ok(addNode(tree, 'plans', newFile('Plan', inWorkspace.id, 'plan')));
  workspace = must(await ws.createWorkspace(owner.client, 'Team workspace', tree));
});
afterAll(async () => stack?.close());

describe(`the team's workspaces and documents (${testDbKind})`, () => {
  it('shows nothing to members until the owner marks the workspace as the team’s', async () => {
    expect(must(await ws.getWorkspace(editor.client, workspace.id))).toBeNull();
    expect(must(await teams.listTeamWorkspaces(editor.client, team.id))).toEqual([]);
    // Only the workspace's owner, owning the team, marks it.
    expect((await teams.setWorkspaceTeam(editor.client, workspace.id, team.id)).error?.code).toBe('42501');
    const own = must(await ws.createWorkspace(outsider.client, 'Outsider workspace'));
    expect((await teams.setWorkspaceTeam(outsider.client, own.id, team.id)).error?.message).toBe(
      'Only the team owner can share a workspace with the team.',
    );
    must(await teams.setWorkspaceTeam(owner.client, workspace.id, team.id));
    workspace = must(await ws.getWorkspace(owner.client, workspace.id))!;
    expect(workspace.teamId).toBe(team.id);
  });

  it('lets every member read the workspace and the owner’s documents in it, and nobody else', async () => {
    for (const member of [editor, viewer]) {
      expect(must(await teams.listTeamWorkspaces(member.client, team.id)).map((w) => w.name)).toEqual(['Team workspace']);
      expect(must(await ws.getWorkspace(member.client, workspace.id))?.structure).toEqual(workspace.structure);
      expect(must(await docs.getDocument(member.client, inWorkspace.id))?.content).toBe('# Team plan');
      expect(must(await docs.getDocument(member.client, privateDoc.id))).toBeNull();
      // Downloading is reading.
      expect(must(await docs.downloadDocument(member.client, inWorkspace.id)).id).toBe(inWorkspace.id);
    }
    expect(must(await ws.getWorkspace(outsider.client, workspace.id))).toBeNull();
    expect(must(await docs.getDocument(outsider.client, inWorkspace.id))).toBeNull();
    expect(must(await teams.listTeamWorkspaces(outsider.client, team.id))).toEqual([]);
  });

  it('lets editors change the name and contents, never ownership, filing, or deletion', async () => {
    const tree = ok(addNode(workspace.structure, null, newFolder('From the editor', 'editor-folder')));
    const saved = must(await ws.saveStructure(editor.client, workspace.id, tree, workspace.version));
    expect(saved.status).toBe('saved');
    workspace = must(await ws.getWorkspace(owner.client, workspace.id))!;
    expect(JSON.stringify(workspace.structure)).toContain('From the editor');
    must(await ws.renameWorkspace(editor.client, workspace.id, 'Team workspace (edited)'));
    expect(must(await docs.updateDocumentContent(editor.client, inWorkspace.id, '# Team plan, edited')).name).toBe('Team plan');
    expect(must(await docs.getDocument(owner.client, inWorkspace.id))?.content).toBe('# Team plan, edited');
    expect((await teams.setWorkspaceTeam(editor.client, workspace.id, null)).error?.message).toBe(
      "Team members may change a team workspace's name and contents only.",
    );
    expect((await docs.setDownloadLimit(editor.client, inWorkspace.id, 3)).error?.message).toBe(
      "Team members may change a team document's name and contents only.",
    );
    expect(must(await ws.deleteWorkspace(editor.client, workspace.id))).toBe(false);
    expect(must(await docs.deleteDocument(editor.client, inWorkspace.id))).toBe(false);
    expect((await docs.updateDocumentContent(editor.client, privateDoc.id, 'x')).error?.code).toBe('not_found');
  });

  it('refuses view_only members with a sentence, and follows the owner’s role changes', async () => {
    workspace = must(await ws.getWorkspace(owner.client, workspace.id))!;
    const tree = ok(addNode(workspace.structure, null, newFolder('From the viewer', 'viewer-folder')));
    expect((await ws.saveStructure(viewer.client, workspace.id, tree, workspace.version)).error).toMatchObject({
      message: "View-only team members cannot change the team's workspaces.",
      code: '42501',
    });
    expect((await docs.updateDocumentContent(viewer.client, inWorkspace.id, 'vandalised')).error).toMatchObject({
      message: "View-only team members cannot change the team's documents.",
      code: '42501',
    });
    must(await teams.setMemberRole(owner.client, team.id, editor.userId, 'view_only'));
    expect((await ws.renameWorkspace(editor.client, workspace.id, 'Again')).error?.message).toBe(
      "View-only team members cannot change the team's workspaces.",
    );
    must(await teams.setMemberRole(owner.client, team.id, viewer.userId, 'editor'));
    must(await ws.renameWorkspace(viewer.client, workspace.id, 'Renamed by the new editor'));
  });

  it('takes everything away from members who leave, and from all when the owner takes the workspace back', async () => {
    must(await teams.removeMember(owner.client, team.id, editor.userId));
    expect(must(await ws.getWorkspace(editor.client, workspace.id))).toBeNull();
    expect(must(await docs.getDocument(editor.client, inWorkspace.id))).toBeNull();
    must(await teams.setWorkspaceTeam(owner.client, workspace.id, null));
    expect(must(await ws.getWorkspace(viewer.client, workspace.id))).toBeNull();
    expect(must(await docs.getDocument(viewer.client, inWorkspace.id))).toBeNull();
    expect(must(await ws.getWorkspace(owner.client, workspace.id))?.name).toBe('Renamed by the new editor');
  });
});
