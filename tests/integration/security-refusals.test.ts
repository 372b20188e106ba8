import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addNode, newFile, type TreeResult, type WorkspaceStructure } from '@/shared/core/workspaces/tree.ts';
import * as docs from '@/shared/data/documents/documents.ts';
import { downloadKnowledgeFile, removeKnowledgeFiles, uploadKnowledgeFile } from '@/shared/data/knowledgeFiles.ts';
import * as teams from '@/shared/data/teams.ts';
import * as ws from '@/shared/data/workspaces.ts';
import { statusForSqlState } from '@/supabase/local/rest/errors.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';
import { invitationToken, joinTeam, subscribe } from './teams-helpers.ts';

/**
 * Holes an independent probe of the stack found, each pinned by the request that got through:
 * Storage describing private objects on its public info route, a team editor pulling any of the
 * owner's documents into a team workspace, view_only removing Storage originals, and refusals of a
 * user's mistake that answered HTTP 500.
 */

let stack: TestStack;
let owner: Person;
let editor: Person;
let viewer: Person;
let outsider: Person;
let admin: Person;

const tree = (result: TreeResult): WorkspaceStructure => {
  if (!result.ok) throw new Error(result.error);
  return result.value;
};

beforeAll(async () => {
  stack = await startTestStack();
  [owner, editor, viewer, outsider, admin] = [
    await person(stack, 'sec-owner'),
    await person(stack, 'sec-editor'),
    await person(stack, 'sec-viewer'),
    await person(stack, 'sec-outsider'),
    await person(stack, 'sec-admin', 'admin'),
  ];
  await subscribe(stack, owner, 'team');
  must(await teams.getMyTeam(owner.client, owner.userId));
  await joinTeam(stack, owner, editor, 'editor');
  await joinTeam(stack, owner, viewer, 'view_only');
});
afterAll(async () => stack?.close());

async function accessToken(who: Person): Promise<string> {
  const { data } = await who.client.auth.getSession();
  return data.session!.access_token;
}

describe(`Storage's public info route (${testDbKind})`, () => {
  const infoUrl = (bucket: string, key: string) => `${stack.url}/storage/v1/object/info/public/${bucket}/${key}`;

  it('does not describe a private object to anon, another user or its owner', async () => {
    const stored = must(
      await uploadKnowledgeFile(owner.client, owner.userId, new Blob(['Client: ACME'], { type: 'text/plain' }), 'acme.txt'),
    );
    const product = `${randomUUID()}/rendered.pdf`;
    await stack
      .service()
      .storage.from('deliverables')
      .upload(product, new Blob(['%PDF-1.4'], { type: 'application/pdf' }));
    const callers: Record<string, Record<string, string>> = {
      anon: { apikey: stack.config.anonKey },
      'another user': { apikey: stack.config.anonKey, authorization: `Bearer ${await accessToken(outsider)}` },
      owner: { apikey: stack.config.anonKey, authorization: `Bearer ${await accessToken(owner)}` },
    };
    for (const [bucket, key] of [
      ['knowledge-files', stored.path],
      ['deliverables', product],
    ] as const) {
      for (const [who, headers] of Object.entries(callers)) {
        const res = await fetch(infoUrl(bucket, key), { headers });
        const body = (await res.json()) as Record<string, unknown>;
        expect({ who, bucket, status: res.status, body }).toEqual({
          who,
          bucket,
          status: 400,
          body: { statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' },
        });
      }
    }
    // The owner still reads their own object's details on the authenticated route.
    const own = await owner.client.storage.from('knowledge-files').info(stored.path);
    expect(own.error).toBeNull();
    expect(own.data?.name).toBe(stored.path);
  });

  it('still describes a public bucket’s object to anyone', async () => {
    expect((await stack.service().storage.createBucket('covers', { public: true })).error).toBeNull();
    await stack
      .service()
      .storage.from('covers')
      .upload('hero.png', new Blob(['png'], { type: 'image/png' }));
    const res = await fetch(infoUrl('covers', 'hero.png'), { headers: { apikey: stack.config.anonKey } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'hero.png', bucket_id: 'covers', content_type: 'image/png', size: 3 });
  });
});

describe(`what a team editor may put in a team workspace (${testDbKind})`, () => {
  let workspace: ws.Workspace;
  let shared: docs.DocumentSummary;
  let notShared: docs.DocumentSummary;
  const ADDED_BY_EDITOR = 'Only the owner can add their documents to a team workspace; add your own documents or ask the owner.';

  beforeAll(async () => {
    shared = must(await docs.saveDocument(owner.client, { name: 'Team plan', content: 'for the team' }));
    notShared = must(await docs.saveDocument(owner.client, { name: 'Salaries', content: 'owner only' }));
    workspace = must(await ws.createWorkspace(owner.client, 'Team space', tree(addNode([], null, newFile('Plan', shared.id, 'plan')))));
    const team = must(await teams.getMyTeam(owner.client, owner.userId))!.team;
    must(await teams.setWorkspaceTeam(owner.client, workspace.id, team.id));
    workspace = must(await ws.getWorkspace(owner.client, workspace.id))!;
  });

  it('refuses an owner’s document that is not in the workspace, through the data layer and a raw update', async () => {
    const pulled = tree(addNode(workspace.structure, null, newFile('Salaries', notShared.id, 'pulled')));
    expect((await ws.saveStructure(editor.client, workspace.id, pulled, workspace.version)).error).toEqual({
      message: ADDED_BY_EDITOR,
      code: '42501',
      kind: 'refused',
    });
    const raw = await editor.client.from('workspaces').update({ structure: pulled }).eq('id', workspace.id).select('id');
    expect({ status: raw.status, code: raw.error?.code, message: raw.error?.message }).toEqual({
      status: 403,
      code: '42501',
      message: ADDED_BY_EDITOR,
    });
    for (const member of [editor, viewer]) expect(must(await docs.getDocument(member.client, notShared.id))).toBeNull();
  });

  it('refuses another person’s document too', async () => {
    const theirs = must(await docs.saveDocument(outsider.client, { name: 'Outsider notes', content: 'x' }));
    const pulled = tree(addNode(workspace.structure, null, newFile('Outsider', theirs.id, 'outsider')));
    expect((await ws.saveStructure(editor.client, workspace.id, pulled, workspace.version)).error?.message).toBe(ADDED_BY_EDITOR);
  });

  it('lets the editor rearrange what is there and add documents of their own', async () => {
    const own = must(await docs.saveDocument(editor.client, { name: 'Editor draft', content: 'mine' }));
    let next = tree(addNode(workspace.structure, null, newFile('Plan again', shared.id, 'plan-copy')));
    next = tree(addNode(next, null, newFile('Draft', own.id, 'draft')));
    const saved = must(await ws.saveStructure(editor.client, workspace.id, next, workspace.version));
    expect(saved.status).toBe('saved');
    workspace = must(await ws.getWorkspace(owner.client, workspace.id))!;
  });

  it('lets the owner add any of their documents, and then the team reads it', async () => {
    const added = tree(addNode(workspace.structure, null, newFile('Salaries', notShared.id, 'by-owner')));
    expect(must(await ws.saveStructure(owner.client, workspace.id, added, workspace.version)).status).toBe('saved');
    expect(must(await docs.getDocument(viewer.client, notShared.id))?.content).toBe('owner only');
    workspace = must(await ws.getWorkspace(owner.client, workspace.id))!;
  });

  it('does not let the editor bring back a document the team no longer holds', async () => {
    const removed = workspace.structure.filter((node) => node.id !== 'by-owner');
    must(await ws.saveStructure(editor.client, workspace.id, removed, workspace.version));
    workspace = must(await ws.getWorkspace(owner.client, workspace.id))!;
    expect(must(await docs.getDocument(viewer.client, notShared.id))).toBeNull();
    const back = tree(addNode(workspace.structure, null, newFile('Salaries', notShared.id, 'back')));
    expect((await ws.saveStructure(editor.client, workspace.id, back, workspace.version)).error?.message).toBe(ADDED_BY_EDITOR);
  });
});

describe(`view_only in Storage (${testDbKind})`, () => {
  it('cannot remove the original of a knowledge file uploaded before the role changed', async () => {
    const later = await person(stack, 'sec-later-viewer');
    const stored = must(await uploadKnowledgeFile(later.client, later.userId, new Blob(['notes'], { type: 'text/plain' }), 'notes.txt'));
    await stack.db.query(`update public.profiles set role = 'view_only' where id = $1`, [later.userId]);
    const removed = await later.client.storage.from('knowledge-files').remove([stored.path]);
    expect(removed).toMatchObject({ data: [], error: null });
    must(await removeKnowledgeFiles(later.client, [stored.path]));
    expect(await must(await downloadKnowledgeFile(later.client, stored.path)).text()).toBe('notes');
    const { rows } = await stack.db.query<{ n: number }>(`select count(*)::int as n from storage.objects where name = $1`, [stored.path]);
    expect(rows[0]!.n).toBe(1);
  });
});

describe(`a user's mistake answers 4xx with its sentence (${testDbKind})`, () => {
  const answer = (res: { status: number; error: { code: string; message: string } | null }) => ({
    status: res.status,
    code: res.error?.code,
    message: res.error?.message,
  });
  const INVALID_TEAM_LINK = 'This invitation link is not valid any more. Ask the team owner for a new one.';

  it('accept_team_invitation: an unknown, a used and an expired link', async () => {
    expect(answer(await outsider.client.rpc('accept_team_invitation', { token: 'not-a-real-token' }))).toEqual({
      status: 404,
      code: 'PT404',
      message: INVALID_TEAM_LINK,
    });
    const usedToken = await (async () => {
      const invitee = await person(stack, 'sec-invitee');
      must(await teams.inviteToTeam(owner.client, invitee.email, 'view_only'));
      const token = invitationToken(stack, invitee.email);
      must(await teams.acceptTeamInvitation(invitee.client, token));
      return token;
    })();
    expect(answer(await outsider.client.rpc('accept_team_invitation', { token: usedToken }))).toEqual({
      status: 404,
      code: 'PT404',
      message: INVALID_TEAM_LINK,
    });
    const late = await person(stack, 'sec-late');
    must(await teams.inviteToTeam(owner.client, late.email, 'editor'));
    await stack.db.query(`update public.team_invitations set expires_at = now() - interval '1 minute' where email = $1`, [late.email]);
    const expired = await teams.acceptTeamInvitation(late.client, invitationToken(stack, late.email));
    expect(expired.error).toEqual({ message: INVALID_TEAM_LINK, code: 'PT404', kind: 'not_found' });
  });

  it('accept_share: an unknown link', async () => {
    expect(answer(await outsider.client.rpc('accept_share', { token: 'not-a-real-token' }))).toEqual({
      status: 404,
      code: 'PT404',
      message: 'This invitation link is not valid any more. Ask for a new one.',
    });
  });

  it('admin_set_user_role: a user who no longer exists', async () => {
    const res = await admin.client.rpc('admin_set_user_role', { target_id: randomUUID(), new_role: 'editor' });
    expect(answer(res)).toEqual({ status: 404, code: 'PT404', message: 'User not found.' });
  });

  it('move_training_video: a video that no longer exists', async () => {
    const res = await admin.client.rpc('move_training_video', { video_id: randomUUID(), direction: 'up' });
    expect(answer(res)).toEqual({ status: 404, code: 'PT404', message: 'This video no longer exists.' });
  });

  it('finish_generation: a reservation that lapsed', async () => {
    const res = await stack.service().rpc('finish_generation', {
      owner: owner.userId,
      reservation: randomUUID(),
      doc_name: 'Late',
      doc_content: 'x',
      doc_template: 'sales-letter',
    });
    expect(answer(res)).toEqual({ status: 409, code: 'PT409', message: "The generation's reservation has lapsed; nothing was recorded." });
  });

  it('no function of ours raises an error code that the REST layer answers with 5xx', async () => {
    const { rows } = await stack.db.query<{ fn: string; code: string }>(
      `select distinct p.oid::regprocedure::text as fn, m[1] as code
         from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace and n.nspname in ('public', 'private')
         cross join lateral regexp_matches(p.prosrc, 'errcode\\s*=\\s*''([0-9A-Z]{5})''', 'g') as m
        where not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
    );
    // The scan sees the functions it is meant to (a regex that matches nothing would pass anything).
    expect(rows.length).toBeGreaterThan(30);
    expect(rows.filter((r) => statusForSqlState(r.code, false) >= 500)).toEqual([]);
  });
});
