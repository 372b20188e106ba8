import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addNode, newFile, newFolder, type TreeResult, type WorkspaceStructure } from '@/shared/core/workspaces/tree.ts';
import * as docs from '@/shared/data/documents/documents.ts';
import * as shares from '@/shared/data/shares.ts';
import * as ws from '@/shared/data/workspaces.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';

/**
 * Read-only sharing for each role (editors share, view_only accounts only view; migrations 20261123001400, 20261125000300): an
 * editor invites an address to a workspace or a document (the share-invite function mails a
 * single-use link); whoever accepts it while signed in sees it and cannot modify it — enforced by
 * RLS, so these calls go straight at the tables too, not only through the data layer.
 */

let stack: TestStack;
let editor: Person;
let viewer: Person;
let stranger: Person;
let admin: Person;
let workspace: ws.Workspace;
let inWorkspace: docs.DocumentSummary;
let notInWorkspace: docs.DocumentSummary;
let foreign: docs.DocumentSummary;

/** The token of the newest invitation mailed to the address. */
function invitationToken(email: string): string {
  const mail = stack.mailbox.latest(email.toLowerCase());
  const token = /\/shared\/accept#token=([\w%-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return decodeURIComponent(token);
}

/** The recipient opens the newest invitation mailed to `address` and accepts it. */
async function acceptMailed(recipient: Person, address = recipient.email) {
  return must(await shares.acceptShare(recipient.client, invitationToken(address)));
}

const ok = (result: TreeResult): WorkspaceStructure => {
  if (!result.ok) throw new Error(result.error);
  return result.value;
};

beforeAll(async () => {
  stack = await startTestStack();
  [editor, viewer, stranger, admin] = [
    await person(stack, 'editor', 'editor'),
    await person(stack, 'viewer', 'view_only'),
    await person(stack, 'stranger'),
    await person(stack, 'admin', 'admin'),
  ];
  inWorkspace = must(await docs.saveDocument(editor.client, { name: 'Launch plan', content: '# Launch plan' }));
  notInWorkspace = must(await docs.saveDocument(editor.client, { name: 'Private notes', content: 'secret' }));
  foreign = must(await docs.saveDocument(stranger.client, { name: 'Stranger’s doc', content: 'theirs' }));
  let tree = ok(addNode([], null, newFolder('Launch', 'launch')));
  tree = ok(addNode(tree, 'launch', newFile('Plan', inWorkspace.id, 'plan')));
  // A file pointing at someone else's document must not open that document to the recipient.
  tree = ok(addNode(tree, null, newFile('Borrowed', foreign.id, 'borrowed')));
  workspace = must(await ws.createWorkspace(editor.client, 'Launch workspace', tree));
});
afterAll(async () => stack?.close());

describe(`sharing a workspace read-only (${testDbKind})`, () => {
  it('checks the address, refuses sharing with yourself, and shares once per address', async () => {
    expect((await shares.shareByEmail(editor.client, { workspaceId: workspace.id }, 'not-an-email')).error).toEqual({
      message: 'Please enter a valid email address.',
      code: 'invalid',
      kind: 'invalid',
    });
    expect((await shares.shareByEmail(editor.client, { workspaceId: workspace.id }, editor.email.toUpperCase())).error).toEqual({
      message: 'You cannot share with yourself.',
      code: 'invalid',
      kind: 'invalid',
    });
    const first = must(await shares.shareByEmail(editor.client, { workspaceId: workspace.id }, `  ${viewer.email.toUpperCase()} `));
    expect(first).toMatchObject({
      recipientEmail: viewer.email.toLowerCase(),
      ownerEmail: editor.email.toLowerCase(),
      workspaceId: workspace.id,
      status: 'invited',
    });
    const mail = stack.mailbox.latest(viewer.email.toLowerCase())!;
    expect(mail.subject).toBe(`${editor.email.toLowerCase()} shared “Launch workspace” with you`);
    expect(mail.text).toContain(`${stack.config.siteUrl}/shared/accept#token=`);
    const again = must(await shares.shareByEmail(editor.client, { workspaceId: workspace.id }, viewer.email));
    expect(again.id).toBe(first.id);
    expect(must(await shares.listShares(editor.client, { workspaceId: workspace.id })).map((s) => s.recipientEmail)).toEqual([
      viewer.email.toLowerCase(),
    ]);
  });

  it('grants nothing until the invitation is accepted; the link works once, for the one who accepts it', async () => {
    expect(must(await ws.getWorkspace(viewer.client, workspace.id))).toBeNull();
    expect(must(await shares.listSharedWithMe(viewer.client, viewer.userId)).workspaces).toEqual([]);
    const token = invitationToken(viewer.email);
    // The owner cannot accept their own invitation.
    expect((await shares.acceptShare(editor.client, token)).error?.message).toBe(
      'This is your own share: send the link to the person you invited.',
    );
    expect(must(await shares.acceptShare(viewer.client, token))).toMatchObject({ workspaceId: workspace.id, documentId: null });
    expect((await shares.acceptShare(stranger.client, token)).error?.message).toBe(
      'This invitation link is not valid any more. Ask for a new one.',
    );
    expect((await shares.acceptShare(viewer.client, 'made-up-token')).error?.message).toBe(
      'This invitation link is not valid any more. Ask for a new one.',
    );
    expect(must(await shares.listShares(editor.client, { workspaceId: workspace.id }))[0]?.status).toBe('accepted');
    // Nothing over the API sets who accepted or the token.
    const forged = await stranger.client
      .from('shares')
      .insert({ workspace_id: workspace.id, recipient_email: 'x@example.com', recipient_id: stranger.userId });
    expect(forged.error?.code).toBe('42501');
  });

  it('lets the view_only recipient see the workspace and the owner’s documents in it, and download them (counted)', async () => {
    const shared = must(await shares.listSharedWithMe(viewer.client, viewer.userId));
    expect(shared.workspaces.map((s) => [s.item.name, s.ownerEmail])).toEqual([['Launch workspace', editor.email.toLowerCase()]]);
    expect(must(await ws.getWorkspace(viewer.client, workspace.id))?.structure).toEqual(workspace.structure);
    expect(must(await docs.getDocument(viewer.client, inWorkspace.id))?.content).toBe('# Launch plan');
    expect(must(await docs.downloadDocument(viewer.client, inWorkspace.id)).downloadCount).toBe(1);
    // Not the owner's other documents, and not a document of someone else the tree points at.
    expect(must(await docs.getDocument(viewer.client, notInWorkspace.id))).toBeNull();
    expect(must(await docs.getDocument(viewer.client, foreign.id))).toBeNull();
    expect((await docs.downloadDocument(viewer.client, foreign.id)).error?.code).toBe('not_found');
    expect(must(await docs.listDocumentsByIds(viewer.client, [inWorkspace.id, notInWorkspace.id, foreign.id])).map((d) => d.name)).toEqual([
      'Launch plan',
    ]);
  });

  it('refuses every change the recipient tries, through the data layer and straight at the tables', async () => {
    const save = await ws.saveStructure(viewer.client, workspace.id, [], workspace.version);
    expect(save.error).toEqual({ message: ws.READ_ONLY_MESSAGE, code: '42501', kind: 'refused' });
    expect((await ws.renameWorkspace(viewer.client, workspace.id, 'Mine')).error?.code).toBe('not_found');
    expect(must(await ws.deleteWorkspace(viewer.client, workspace.id))).toBe(false);
    expect((await viewer.client.from('workspaces').update({ name: 'x' }).eq('id', workspace.id).select()).data).toEqual([]);
    expect((await viewer.client.from('generated_documents').update({ content: 'defaced' }).eq('id', inWorkspace.id).select()).data).toEqual(
      [],
    );
    expect(
      (await viewer.client.from('generated_documents').update({ max_downloads: null }).eq('id', inWorkspace.id).select()).data,
    ).toEqual([]);
    expect(must(await docs.deleteDocument(viewer.client, inWorkspace.id))).toBe(false);
    // Nor pass it on.
    expect((await shares.shareByEmail(viewer.client, { workspaceId: workspace.id }, stranger.email)).error?.code).toBe('42501');
    expect((await shares.shareByEmail(viewer.client, { documentId: inWorkspace.id }, stranger.email)).error?.code).toBe('42501');
    const after = must(await ws.getWorkspace(editor.client, workspace.id))!;
    expect(after).toMatchObject({ name: 'Launch workspace', version: workspace.version });
    expect(must(await docs.getDocument(editor.client, inWorkspace.id))?.content).toBe('# Launch plan');
  });

  it('shows nothing to anyone it was not shared with; admins read documents (Product Management) but not workspaces', async () => {
    for (const outsider of [stranger, admin]) {
      expect(must(await ws.getWorkspace(outsider.client, workspace.id))).toBeNull();
      expect(must(await shares.listSharedWithMe(outsider.client, outsider.userId)).workspaces).toEqual([]);
      expect((await outsider.client.from('shares').select('id').eq('workspace_id', workspace.id)).data).toEqual([]);
    }
    expect(must(await docs.getDocument(stranger.client, inWorkspace.id))).toBeNull();
    expect(must(await docs.getDocument(admin.client, inWorkspace.id))?.name).toBe('Launch plan');
    expect(
      (await shares.shareByEmail(stranger.client, { workspaceId: workspace.id }, stranger.email.replace('@', '+x@'))).error?.code,
    ).toBe('42501');
    expect((await shares.shareByEmail(admin.client, { workspaceId: workspace.id }, stranger.email)).error?.code).toBe('42501');
  });

  it('follows the tree: a file moved out of the shared workspace closes its document', async () => {
    const other = must(await docs.saveDocument(editor.client, { name: 'Later addition', content: 'new' }));
    expect(must(await docs.getDocument(viewer.client, other.id))).toBeNull();
    const current = must(await ws.getWorkspace(editor.client, workspace.id))!;
    const saved = must(
      await ws.saveWorkspaceEdit(editor.client, current, ok(addNode(current.structure, null, newFile('Later', other.id, 'later')))),
    );
    if (saved.status !== 'saved') throw new Error(saved.status);
    expect(must(await docs.getDocument(viewer.client, other.id))?.name).toBe('Later addition');
    workspace = saved.workspace;
  });

  it('ends when the owner revokes it', async () => {
    const [share] = must(await shares.listShares(editor.client, { workspaceId: workspace.id }));
    expect(must(await shares.removeShare(editor.client, share!.id))).toBe(true);
    expect(must(await ws.getWorkspace(viewer.client, workspace.id))).toBeNull();
    expect(must(await docs.getDocument(viewer.client, inWorkspace.id))).toBeNull();
  });
});

describe(`sharing a document and other rules (${testDbKind})`, () => {
  it('shares one document directly, with its download limit applying to the recipient too', async () => {
    must(await docs.setDownloadLimit(editor.client, notInWorkspace.id, 1));
    must(await shares.shareByEmail(editor.client, { documentId: notInWorkspace.id }, viewer.email));
    expect(await acceptMailed(viewer)).toMatchObject({ documentId: notInWorkspace.id, workspaceId: null });
    const [entry] = must(await shares.listSharedWithMe(viewer.client, viewer.userId)).documents;
    expect(entry).toMatchObject({
      ownerEmail: editor.email.toLowerCase(),
      item: { name: 'Private notes', templateId: null, downloadCount: 0, maxDownloads: 1 },
    });
    expect(must(await docs.downloadDocument(viewer.client, notInWorkspace.id)).downloadCount).toBe(1);
    expect((await docs.downloadDocument(viewer.client, notInWorkspace.id)).error?.message).toBe(
      'Download Limit Reached - You cannot download this file anymore.',
    );
  });

  it('tells the owner how many addresses each document is shared with (the documents list shows it)', async () => {
    must(await shares.shareByEmail(editor.client, { documentId: notInWorkspace.id }, stranger.email));
    await acceptMailed(stranger);
    const counts = must(await shares.countDocumentShares(editor.client, editor.userId));
    expect(Object.fromEntries(counts)).toEqual({ [notInWorkspace.id]: 2 });
    // Workspace shares are not document shares; nobody else sees the owner's shares (a recipient sees only their own).
    expect(must(await shares.countDocumentShares(stranger.client, stranger.userId)).size).toBe(0);
    expect(must(await shares.countDocumentShares(admin.client, editor.userId)).size).toBe(0);
    expect(Object.fromEntries(must(await shares.countDocumentShares(stranger.client, editor.userId)))).toEqual({ [notInWorkspace.id]: 1 });
    const strangerShare = must(await shares.listShares(editor.client, { documentId: notInWorkspace.id })).find(
      (s) => s.recipientEmail === stranger.email.toLowerCase(),
    );
    must(await shares.removeShare(editor.client, strangerShare!.id));
  });

  it('lets the recipient remove a share from their list', async () => {
    const [entry] = must(await shares.listSharedWithMe(viewer.client, viewer.userId)).documents;
    expect(must(await shares.removeShare(viewer.client, entry!.shareId))).toBe(true);
    expect(must(await docs.getDocument(viewer.client, notInWorkspace.id))).toBeNull();
  });

  it('lets a plain user share too, but not once their account is view_only', async () => {
    const owner = await person(stack, 'plain-owner');
    const doc = must(await docs.saveDocument(owner.client, { name: 'Mine', content: 'x' }));
    must(await shares.shareByEmail(owner.client, { documentId: doc.id }, stranger.email));
    await stack.db.query("update public.profiles set role = 'view_only' where id = $1", [owner.userId]);
    expect((await shares.shareByEmail(owner.client, { documentId: doc.id }, admin.email)).error?.code).toBe('42501');
  });

  it('lets a view_only account read and download what is shared, but not generate, store suggestions or save ideas through the API', async () => {
    const refused = { message: 'View-only accounts cannot generate documents.', code: '42501' };
    expect((await viewer.client.rpc('consume_generation')).error).toMatchObject(refused);
    expect(
      (
        await docs.saveSuggestion(viewer.client, {
          originalPromptText: 'A blog post',
          suggestedPromptText: 'A sharper blog post',
          reasoningText: 'More specific',
        })
      ).error?.code,
    ).toBe('42501');
    expect(
      (
        await viewer.client
          .from('startup_ideas')
          .insert({ name: 'Idea', description: 'x', business_plan: { executive: 'e', market: 'm', solution: 's' } })
      ).error?.code,
    ).toBe('42501');
    expect((await docs.saveDocument(viewer.client, { name: 'Mine', content: 'x' })).error?.code).toBe('42501');
    // An editor's calls go through.
    expect((await editor.client.rpc('consume_generation')).error).toBeNull();
    must(
      await docs.saveSuggestion(editor.client, {
        originalPromptText: 'A blog post',
        suggestedPromptText: 'A sharper blog post',
        reasoningText: 'More specific',
      }),
    );
  });

  it('waits for an address that has no account yet, without saying whether it has one: the newcomer accepts after signing up', async () => {
    const email = `newcomer-${Date.now()}@example.com`;
    const shared = must(await shares.shareByEmail(editor.client, { workspaceId: workspace.id }, email));
    expect(shared.recipientEmail).toBe(email);
    const newcomer = await person(stack, 'newcomer');
    expect(must(await ws.getWorkspace(newcomer.client, workspace.id))).toBeNull();
    await acceptMailed(newcomer, email);
    expect(must(await ws.getWorkspace(newcomer.client, workspace.id))?.name).toBe('Launch workspace');
  });
});

describe(`an e-mail address alone grants nothing (${testDbKind})`, () => {
  it('taking the address (changing one’s e-mail with confirmations off, signing up under it, an admin editing it) reaches nothing', async () => {
    const open = await startTestStack({ config: { enableConfirmations: false } });
    try {
      const owner = await person(open, 'owner', 'editor');
      const doc = must(await docs.saveDocument(owner.client, { name: 'Board minutes', content: 'confidential' }));
      const victim = `victim-${Date.now()}@example.com`;
      must(await shares.shareByEmail(owner.client, { documentId: doc.id }, victim));

      // 1. An attacker changes their address to the shared one: applied at once without confirmations.
      const attacker = await person(open, 'attacker');
      expect((await attacker.client.auth.updateUser({ email: victim })).error).toBeNull();
      expect(must(await docs.getDocument(attacker.client, doc.id))).toBeNull();
      expect(must(await shares.listSharedWithMe(attacker.client, attacker.userId)).documents).toEqual([]);
      expect((await attacker.client.from('shares').select('id').eq('document_id', doc.id)).data).toEqual([]);
      expect((await docs.downloadDocument(attacker.client, doc.id)).error?.code).toBe('not_found');
      await open.service().auth.admin.updateUserById(attacker.userId, { email: `attacker-${Date.now()}@example.com` });

      // 2. Someone signs up under the address.
      const squatter = open.anon();
      expect((await squatter.auth.signUp({ email: victim, password: 'correct-horse-42' })).error).toBeNull();
      expect(must(await docs.getDocument(squatter, doc.id))).toBeNull();

      // 3. An admin gives another account that address.
      const third = await person(open, 'third');
      await open.service().auth.admin.updateUserById(third.userId, { email: `third-${Date.now()}@example.com` });
      expect(must(await docs.getDocument(third.client, doc.id))).toBeNull();

      // Only the invitation's link opens it, for whoever accepts it.
      const mail = open.mailbox.list(victim).find((m) => m.subject.includes('Board minutes'))!;
      const token = decodeURIComponent(/#token=([\w%-]+)/.exec(mail.text)![1]!);
      must(await shares.acceptShare(third.client, token));
      expect(must(await docs.getDocument(third.client, doc.id))?.content).toBe('confidential');
      expect(must(await docs.getDocument(attacker.client, doc.id))).toBeNull();
    } finally {
      await open.close();
    }
  });
});
