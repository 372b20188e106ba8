import { ownerOnly, ownerReadsOnly, row, type TableCase } from './cases.ts';

/** The workspace the shares case shares (created by its setup, used by its insert). */
let sharedWorkspaceId = '';
/** The owner's conversation (created by the conversations case, used by its messages'). */
let ownersConversationId = '';
/** The owner's workflow run (created by the workflow_runs case, used by its steps'). */
let ownersWorkflowRunId = '';
/** The owner's knowledge-base document (created by the kb_chunks case). */
let ownersKbDocumentId = '';

/** RLS cases: what users make — runs, quotas, documents, workspaces and shares, ideas, decks, conversations, workflows, knowledge chunks. */
export const CONTENT_CASES: TableCase[] = [
  {
    // Run history (prompt_runs): the owner's own, like the library it comes from.
    table: 'prompt_runs',
    key: 'id',
    setup: async (db, cast) =>
      (
        await db.query<{ id: string }>(
          "insert into public.prompt_runs (user_id, prompt_name, final_prompt, provider, output, status) values ($1, 'Owner run', 'Write about AI', 'openai', 'An answer', 'done') returning id",
          [cast.owner.id],
        )
      ).rows[0]!.id,
    newRow: (cast) => ({ user_id: cast.owner.id, prompt_name: 'New run', final_prompt: 'Hello', provider: 'openai', status: 'stopped' }),
    change: { output: 'Changed output' },
    expect: ownerOnly,
  },
  // Documents, quota, workspaces, sharing, ideas.
  {
    // The monthly counter: read by its owner, written only by the quota functions.
    table: 'user_generation_counts',
    key: 'user_id',
    setup: async (db, cast) => {
      await db.query('insert into public.user_generation_counts (user_id, generation_count) values ($1, 3)', [cast.owner.id]);
      return cast.owner.id;
    },
    beforeInsert: async (tx, cast) => {
      await tx.query('delete from public.user_generation_counts where user_id = $1', [cast.owner.id]);
    },
    newRow: (cast) => ({ user_id: cast.owner.id, generation_count: 0 }),
    change: { generation_count: 0 },
    expect: ownerReadsOnly,
  },
  {
    table: 'generation_reservations',
    key: 'id',
    setup: async (db, cast) =>
      (
        await db.query<{ id: string }>(
          "insert into public.generation_reservations (user_id, month) values ($1, date_trunc('month', now())::date) returning id",
          [cast.owner.id],
        )
      ).rows[0]!.id,
    newRow: (cast) => ({ user_id: cast.owner.id, month: '2026-11-01' }),
    change: { expires_at: '2100-01-01T00:00:00Z' },
    expect: ownerReadsOnly,
  },
  {
    // Suggestions are records: added, read and deleted by their owner, never edited.
    table: 'prompt_suggestions',
    key: 'id',
    setup: async (db, cast) =>
      (
        await db.query<{ id: string }>(
          "insert into public.prompt_suggestions (user_id, original_prompt_text, suggested_prompt_text, reasoning_text) values ($1, 'Blog post', 'A 1,200-word blog post', 'More specific') returning id",
          [cast.owner.id],
        )
      ).rows[0]!.id,
    newRow: (cast) => ({ user_id: cast.owner.id, original_prompt_text: 'Email', suggested_prompt_text: 'A launch email' }),
    change: { reasoning_text: 'Changed' },
    expect: {
      anon: row(false, false, false, false),
      owner: row(true, true, false, true),
      other: row(false, false, false, false),
      admin: row(false, false, false, false),
      master_admin: row(false, false, false, false),
    },
  },
  {
    table: 'document_folders',
    key: 'id',
    setup: async (db, cast) =>
      (
        await db.query<{ id: string }>("insert into public.document_folders (user_id, name) values ($1, 'Owner docs') returning id", [
          cast.owner.id,
        ])
      ).rows[0]!.id,
    newRow: (cast) => ({ user_id: cast.owner.id, name: 'New doc folder' }),
    change: { name: 'Renamed doc folder' },
    expect: ownerOnly,
  },
  {
    table: 'generated_documents',
    key: 'id',
    setup: async (db, cast) =>
      (
        await db.query<{ id: string }>(
          "insert into public.generated_documents (user_id, name, content) values ($1, 'Owner document', '# Plan') returning id",
          [cast.owner.id],
        )
      ).rows[0]!.id,
    newRow: (cast) => ({ user_id: cast.owner.id, name: 'New document', content: 'Text' }),
    change: { name: 'Renamed document' },
    // Admins read every document (Product Management) and change product fields only through
    // admin_update_product(); they never write a document directly. Which columns an owner may
    // change (not the product ones) is a column rule, tested in products-guard.test.ts.
    expect: {
      ...ownerOnly,
      admin: row(true, false, false, false),
      master_admin: row(true, false, false, false),
    },
  },
  {
    table: 'workspaces',
    key: 'id',
    setup: async (db, cast) =>
      (
        await db.query<{ id: string }>("insert into public.workspaces (user_id, name) values ($1, 'Owner workspace') returning id", [
          cast.owner.id,
        ])
      ).rows[0]!.id,
    newRow: (cast) => ({ user_id: cast.owner.id, name: 'New workspace' }),
    change: { name: 'Renamed workspace' },
    expect: ownerOnly,
  },
  {
    // Written only by ensure_demo_workspace().
    table: 'workspace_onboarding',
    key: 'user_id',
    setup: async (db, cast) => {
      await db.query('insert into public.workspace_onboarding (user_id) values ($1)', [cast.owner.id]);
      return cast.owner.id;
    },
    beforeInsert: async (tx, cast) => {
      await tx.query('delete from public.workspace_onboarding where user_id = $1', [cast.owner.id]);
    },
    newRow: (cast) => ({ user_id: cast.owner.id }),
    change: { created_at: '2026-01-01T00:00:00Z' },
    expect: ownerReadsOnly,
  },
  {
    // The owner's workspace shared read-only with `other`: the owner shares and revokes, the
    // recipient sees the share and may remove it from their list, nobody edits one.
    table: 'shares',
    key: 'id',
    setup: async (db, cast) => {
      sharedWorkspaceId = (
        await db.query<{ id: string }>("insert into public.workspaces (user_id, name) values ($1, 'Shared workspace') returning id", [
          cast.owner.id,
        ])
      ).rows[0]!.id;
      return (
        // Accepted by `other`: the share is bound to their account (an address alone grants nothing).
        (
          await db.query<{ id: string }>(
            'insert into public.shares (owner_id, workspace_id, recipient_email, recipient_id, accepted_at) values ($1, $2, $3, $4, now()) returning id',
            [cast.owner.id, sharedWorkspaceId, cast.other.email, cast.other.id],
          )
        ).rows[0]!.id
      );
    },
    newRow: (cast) => ({ owner_id: cast.owner.id, workspace_id: sharedWorkspaceId, recipient_email: cast.admin.email }),
    change: { recipient_email: 'someone-else@rls.test' },
    expect: {
      anon: row(false, false, false, false),
      owner: row(true, true, false, true),
      other: row(true, false, false, true),
      admin: row(false, false, false, false),
      master_admin: row(false, false, false, false),
    },
  },
  {
    table: 'startup_ideas',
    key: 'id',
    setup: async (db, cast) =>
      (
        await db.query<{ id: string }>(
          `insert into public.startup_ideas (user_id, name, description, business_plan) values ($1, 'Owner idea', 'An idea', '{"executive":"e","market":"m","solution":"s"}') returning id`,
          [cast.owner.id],
        )
      ).rows[0]!.id,
    newRow: (cast) => ({
      user_id: cast.owner.id,
      name: 'New idea',
      description: 'Another',
      business_plan: { executive: 'e', market: 'm', solution: 's' },
    }),
    change: { name: 'Renamed idea' },
    expect: ownerOnly,
  },
  {
    table: 'pitch_decks',
    key: 'id',
    setup: async (db, cast) =>
      (
        await db.query<{ id: string }>(
          `insert into public.pitch_decks (user_id, title, slides) values ($1, 'Owner deck', '[{"kind":"problem","title":"P","bullets":["b"],"notes":""}]') returning id`,
          [cast.owner.id],
        )
      ).rows[0]!.id,
    newRow: (cast) => ({ user_id: cast.owner.id, title: 'New deck', slides: [{ kind: null, title: 'T', bullets: [], notes: '' }] }),
    change: { title: 'Renamed deck' },
    expect: ownerOnly,
  },
  // Conversations (follow-ups, page chat): owner only, messages tied to the owner's conversation.
  {
    table: 'conversations',
    key: 'id',
    setup: async (db, cast) => {
      const id = (
        await db.query<{ id: string }>(
          "insert into public.conversations (user_id, title, provider, model) values ($1, 'Owner chat', 'openai', 'gpt-4o-mini') returning id",
          [cast.owner.id],
        )
      ).rows[0]!.id;
      ownersConversationId = id;
      return id;
    },
    newRow: (cast) => ({ user_id: cast.owner.id, title: 'New chat', provider: 'openai' }),
    change: { title: 'Renamed chat' },
    expect: ownerOnly,
  },
  {
    table: 'conversation_messages',
    key: 'id',
    setup: async (db, cast) =>
      (
        await db.query<{ id: string }>(
          "insert into public.conversation_messages (conversation_id, user_id, position, role, content) values ($1, $2, 0, 'user', 'Hello') returning id",
          [ownersConversationId, cast.owner.id],
        )
      ).rows[0]!.id,
    newRow: (cast) => ({ conversation_id: ownersConversationId, user_id: cast.owner.id, position: 1, role: 'user', content: 'More' }),
    change: { content: 'Changed' },
    expect: ownerOnly,
  },
  // Workflows: owner only. Their runs are written by the run-workflow function (service role): the
  // owner reads and deletes a run, and may change a finished step's output (that column only).
  {
    table: 'workflows',
    key: 'id',
    setup: async (db, cast) =>
      (
        await db.query<{ id: string }>(
          `insert into public.workflows (user_id, name, definition) values ($1, 'Owner flow', '{"version": 1}') returning id`,
          [cast.owner.id],
        )
      ).rows[0]!.id,
    newRow: (cast) => ({ user_id: cast.owner.id, name: 'New flow', definition: { version: 1 } }),
    change: { name: 'Renamed flow' },
    expect: ownerOnly,
  },
  {
    table: 'workflow_runs',
    key: 'id',
    setup: async (db, cast) => {
      const id = (
        await db.query<{ id: string }>(
          `insert into public.workflow_runs (user_id, template_id, workflow_name, definition, provider, model, trigger)
           values ($1, 'blog-post', 'Blog', '{"version": 1}', 'openai', 'gpt-4o-mini', 'dashboard') returning id`,
          [cast.owner.id],
        )
      ).rows[0]!.id;
      ownersWorkflowRunId = id;
      return id;
    },
    newRow: (cast) => ({
      user_id: cast.owner.id,
      template_id: 'blog-post',
      workflow_name: 'Forged',
      definition: { version: 1 },
      provider: 'openai',
      model: 'm',
      trigger: 'dashboard',
    }),
    change: { status: 'done' },
    expect: {
      anon: row(false, false, false, false),
      owner: row(true, false, false, true),
      other: row(false, false, false, false),
      admin: row(false, false, false, false),
      master_admin: row(false, false, false, false),
    },
  },
  {
    table: 'workflow_run_steps',
    key: 'run_id',
    setup: async (db, cast) => {
      await db.query(
        "insert into public.workflow_run_steps (run_id, user_id, position, name, kind, status, output) values ($1, $2, 0, 'research', 'prompt', 'done', 'Notes')",
        [ownersWorkflowRunId, cast.owner.id],
      );
      return ownersWorkflowRunId;
    },
    newRow: (cast) => ({ run_id: ownersWorkflowRunId, user_id: cast.owner.id, position: 1, name: 'forged', kind: 'prompt' }),
    change: { output: 'Edited notes' },
    expect: {
      anon: row(false, false, false, false),
      owner: row(true, false, true, false),
      other: row(false, false, false, false),
      admin: row(false, false, false, false),
      master_admin: row(false, false, false, false),
    },
  },
  {
    // Knowledge passages: written only by the indexing trigger, read by their owner.
    table: 'kb_chunks',
    key: 'id',
    setup: async (db, cast) => {
      const doc = await db.query<{ id: string }>(
        "insert into public.kb_documents (user_id, name, type, content) values ($1, 'Owner notes', 'text', 'A passage') returning id",
        [cast.owner.id],
      );
      ownersKbDocumentId = doc.rows[0]!.id;
      return (await db.query<{ id: string }>('select id from public.kb_chunks where document_id = $1', [ownersKbDocumentId])).rows[0]!.id;
    },
    newRow: (cast) => ({ user_id: cast.owner.id, document_id: ownersKbDocumentId, position: 7, heading: 'Forged', content: 'Forged' }),
    change: { content: 'Changed passage' },
    expect: ownerReadsOnly,
  },
];
