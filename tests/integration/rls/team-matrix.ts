import { randomUUID } from 'node:crypto';
import type { Database } from '@/supabase/local/db/types.ts';
import type { Operation } from './matrix.ts';

/**
 * The RLS matrix of teams: a team owner on Team, an editor and a view_only member of the team, and
 * an outsider, on the team tables and on the workspace (and its document) the owner shares with
 * the team. true: the actor may do it to the row; false: RLS hides or refuses it.
 */

export const TEAM_ACTORS = ['anon', 'teamOwner', 'editor', 'viewer', 'outsider'] as const;
export type TeamActor = (typeof TEAM_ACTORS)[number];
export type TeamCast = Record<Exclude<TeamActor, 'anon'>, { id: string; email: string }> & { teamId: string };

export interface TeamTableCase {
  table: string;
  key: string;
  /** The row checked, created by setupTeamCast. */
  keyOf(cast: TeamCast): string;
  newRow(cast: TeamCast, actorId: string | null): Record<string, unknown>;
  /** Runs as the database owner before an insert check. */
  beforeInsert?: string;
  change: Record<string, unknown>;
  expect: Record<TeamActor, Record<Operation, boolean>>;
}

const row = (select: boolean, insert: boolean, update: boolean, del: boolean) => ({ select, insert, update, delete: del });
const none = row(false, false, false, false);
const ids = { invitation: '', workspace: '', document: '' };

/** The team, its members, an open invitation, and the team's workspace holding one of the owner's documents. */
export async function setupTeamCast(db: Database): Promise<TeamCast> {
  const make = async (label: string) => {
    const id = randomUUID();
    const email = `${label}-${id.slice(0, 8)}@rls.test`;
    await db.query(`insert into auth.users (id, email, email_confirmed_at) values ($1, $2, now())`, [id, email]);
    return { id, email };
  };
  const [teamOwner, editor, viewer, outsider] = [
    await make('team-owner'),
    await make('editor'),
    await make('viewer'),
    await make('outsider'),
  ];
  await db.query(
    "insert into public.subscriptions (user_id, stripe_customer_id, plan, status, current_period_end) values ($1, 'cus_team_matrix', 'team', 'active', now() + interval '30 days')",
    [teamOwner.id],
  );
  const teamId = (await db.query<{ id: string }>('insert into public.teams (owner_id) values ($1) returning id', [teamOwner.id])).rows[0]!
    .id;
  for (const [who, role] of [
    [editor, 'editor'],
    [viewer, 'view_only'],
  ] as const) {
    await db.query('insert into public.team_members (team_id, user_id, email, role) values ($1, $2, $3, $4)', [
      teamId,
      who.id,
      who.email,
      role,
    ]);
  }
  ids.invitation = (
    await db.query<{ id: string }>(
      "insert into public.team_invitations (team_id, email, role, token_hash) values ($1, 'pending@rls.test', 'editor', 'matrix-hash') returning id",
      [teamId],
    )
  ).rows[0]!.id;
  ids.document = (
    await db.query<{ id: string }>(
      "insert into public.generated_documents (user_id, name, content) values ($1, 'Team doc', '# Team') returning id",
      [teamOwner.id],
    )
  ).rows[0]!.id;
  const structure = JSON.stringify([{ id: 'f', type: 'file', name: 'Team doc', docId: ids.document }]);
  ids.workspace = (
    await db.query<{ id: string }>(
      "insert into public.workspaces (user_id, name, structure, team_id) values ($1, 'Team space', $2, $3) returning id",
      [teamOwner.id, structure, teamId],
    )
  ).rows[0]!.id;
  return { teamOwner, editor, viewer, outsider, teamId };
}

const member = (select: boolean, update: boolean, del: boolean) => row(select, false, update, del);

export const TEAM_RLS_MATRIX: TeamTableCase[] = [
  {
    // A Team subscriber creates their one team (the check frees it first); members and others cannot.
    table: 'teams',
    key: 'id',
    keyOf: (cast) => cast.teamId,
    beforeInsert: 'delete from public.teams',
    newRow: (_cast, actorId) => ({ owner_id: actorId, name: 'Forged' }),
    change: { name: 'Renamed' },
    expect: {
      anon: none,
      teamOwner: row(true, true, true, true),
      editor: member(true, false, false),
      viewer: member(true, false, false),
      outsider: none,
    },
  },
  {
    // The editor's membership: the team reads it, the owner sets the role or removes it, the member leaves; nobody inserts.
    table: 'team_members',
    key: 'user_id',
    keyOf: (cast) => cast.editor.id,
    newRow: (cast) => ({ team_id: cast.teamId, user_id: cast.outsider.id, email: cast.outsider.email, role: 'editor' }),
    change: { role: 'view_only' },
    expect: {
      anon: none,
      teamOwner: member(true, true, true),
      editor: member(true, false, true),
      viewer: member(true, false, false),
      outsider: none,
    },
  },
  {
    // Open invitations: the owner's alone; the token and acceptance are the server's.
    table: 'team_invitations',
    key: 'id',
    keyOf: () => ids.invitation,
    newRow: (cast) => ({ team_id: cast.teamId, email: 'new@rls.test', role: 'view_only' }),
    change: { role: 'view_only' },
    expect: { anon: none, teamOwner: row(true, true, false, true), editor: none, viewer: none, outsider: none },
  },
  {
    // The team's workspace: members read it, editors change it, only the owner deletes it or puts one in the team.
    table: 'workspaces',
    key: 'id',
    keyOf: () => ids.workspace,
    newRow: (cast, actorId) => ({ user_id: actorId, name: 'Another', team_id: cast.teamId }),
    change: { name: 'Renamed space' },
    expect: {
      anon: none,
      teamOwner: row(true, true, true, true),
      editor: member(true, true, false),
      viewer: member(true, false, false),
      outsider: none,
    },
  },
  {
    // The owner's document in the team's workspace: the same, and nobody writes documents on the owner's behalf.
    table: 'generated_documents',
    key: 'id',
    keyOf: () => ids.document,
    newRow: (cast) => ({ user_id: cast.teamOwner.id, name: 'Forged', content: 'x' }),
    change: { content: '# Changed' },
    expect: {
      anon: none,
      teamOwner: row(true, true, true, true),
      editor: member(true, true, false),
      viewer: member(true, false, false),
      outsider: none,
    },
  },
];
