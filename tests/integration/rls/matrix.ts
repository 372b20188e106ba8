import type { Database, Queryable } from '@/supabase/local/db/types.ts';
import type { Actor, Cast } from './actors.ts';
import { TRAINING_RLS_CASES } from './training-cases.ts';

export type Operation = 'select' | 'insert' | 'update' | 'delete';
export const OPERATIONS: Operation[] = ['select', 'insert', 'update', 'delete'];

/** true: the actor may do it to the owner's row; false: RLS hides/refuses it. */
type Expectations = Record<Actor, Record<Operation, boolean>>;

export interface TableCase {
  table: string;
  /** Primary-key column used to address the owner's row. */
  key: string;
  /** Creates the owner's row as the database owner; returns its key value. */
  setup(db: Database, cast: Cast): Promise<string>;
  /** A new row the actor tries to insert on the owner's behalf (or its own, for shared tables). */
  newRow(cast: Cast, actorId: string | null): Record<string, unknown>;
  /** Runs as the database owner before an insert check (e.g. to free a one-row-per-user key). */
  beforeInsert?(tx: Queryable, cast: Cast): Promise<void>;
  /** A harmless change the actor tries to make to the owner's row. */
  change: Record<string, unknown>;
  expect: Expectations;
}

const row = (select: boolean, insert: boolean, update: boolean, del: boolean) => ({ select, insert, update, delete: del });
const ownerOnly: Expectations = {
  anon: row(false, false, false, false),
  owner: row(true, true, true, true),
  other: row(false, false, false, false),
  admin: row(false, false, false, false),
  master_admin: row(false, false, false, false),
};

/** Rows only database functions write (counters, markers): their owner reads them. */
const ownerReadsOnly: Expectations = {
  anon: row(false, false, false, false),
  owner: row(true, false, false, false),
  other: row(false, false, false, false),
  admin: row(false, false, false, false),
  master_admin: row(false, false, false, false),
};

/** The workspace the shares case shares (created by its setup, used by its insert). */
let sharedWorkspaceId = '';
/** The owner's conversation (created by the conversations case, used by its messages'). */
let ownersConversationId = '';
/** The owner's workflow run (created by the workflow_runs case, used by its steps'). */
let ownersWorkflowRunId = '';
/** The owner's knowledge-base document (created by the kb_chunks case). */
let ownersKbDocumentId = '';

const publicReadAdminWrite: Expectations = {
  anon: row(true, false, false, false),
  owner: row(true, false, false, false),
  other: row(true, false, false, false),
  admin: row(true, true, true, true),
  master_admin: row(true, true, true, true),
};

/**
 * The RLS matrix. Every table with RLS gets a case here; later migrations add theirs.
 * `owner` is a plain user; admin and master_admin are other people with those roles.
 */
export const RLS_MATRIX: TableCase[] = [
  {
    table: 'profiles',
    key: 'id',
    setup: async (_db, cast) => cast.owner.id,
    // Profiles are created by the auth trigger only; nobody inserts through the API.
    newRow: (_cast, actorId) => ({ id: actorId ?? '00000000-0000-0000-0000-000000000000', name: 'x' }),
    change: { name: 'Renamed' },
    // Nobody deletes a profile over the API: accounts are deleted through Auth (admin-users function).
    expect: {
      anon: row(false, false, false, false),
      owner: row(true, false, true, false),
      other: row(false, false, false, false),
      admin: row(true, false, true, false),
      master_admin: row(true, false, true, false),
    },
  },
  {
    table: 'user_api_keys',
    key: 'user_id',
    setup: async (db, cast) => {
      await db.query('insert into public.user_api_keys (user_id, openai_api_key) values ($1, $2)', [cast.owner.id, 'sk-owner']);
      return cast.owner.id;
    },
    // One row per user: free the owner's slot so the insert check is about RLS, not the primary key.
    beforeInsert: async (tx, cast) => {
      await tx.query('delete from public.user_api_keys where user_id = $1', [cast.owner.id]);
    },
    newRow: (cast) => ({ user_id: cast.owner.id, gemini_api_key: 'g' }),
    change: { openai_api_key: 'sk-changed' },
    expect: ownerOnly,
  },
  {
    table: 'prompt_folders',
    key: 'id',
    setup: async (db, cast) =>
      (
        await db.query<{ id: string }>('insert into public.prompt_folders (user_id, name) values ($1, $2) returning id', [
          cast.owner.id,
          'Owner folder',
        ])
      ).rows[0]!.id,
    newRow: (cast) => ({ user_id: cast.owner.id, name: 'New folder' }),
    change: { name: 'Renamed folder' },
    expect: ownerOnly,
  },
  {
    table: 'saved_prompts',
    key: 'id',
    setup: async (db, cast) =>
      (
        await db.query<{ id: string }>('insert into public.saved_prompts (user_id, name, prompt_text) values ($1, $2, $3) returning id', [
          cast.owner.id,
          'Owner prompt',
          'Write about [topic]',
        ])
      ).rows[0]!.id,
    newRow: (cast) => ({ user_id: cast.owner.id, name: 'New prompt', prompt_text: 'Hello' }),
    change: { name: 'Renamed prompt' },
    expect: ownerOnly,
  },
  {
    table: 'recommended_prompts',
    key: 'id',
    setup: async (db) =>
      (
        await db.query<{ id: string }>(
          "insert into public.recommended_prompts (name, prompt_text, category) values ('Matrix prompt', 'Do [x]', 'Testing') returning id",
        )
      ).rows[0]!.id,
    newRow: () => ({ name: 'Curated', prompt_text: 'Do [y]', category: 'Testing' }),
    change: { name: 'Recurated' },
    expect: publicReadAdminWrite,
  },
  {
    table: 'free_prompts',
    key: 'id',
    setup: async (db) => {
      await db.query(
        "insert into public.free_prompts (id, category_id, name, prompt_text) values ('matrix1', 'marketing', 'Matrix', 'Do [x]')",
      );
      return 'matrix1';
    },
    newRow: () => ({ id: 'matrix2', category_id: 'marketing', name: 'Curated', prompt_text: 'Do [y]' }),
    change: { name: 'Recurated' },
    expect: publicReadAdminWrite,
  },
  {
    table: 'free_prompt_categories',
    key: 'id',
    setup: async (db) => {
      await db.query("insert into public.free_prompt_categories (id, name) values ('matrix', 'Matrix')");
      return 'matrix';
    },
    newRow: () => ({ id: 'matrix-new', name: 'New category' }),
    change: { name: 'Renamed category' },
    expect: publicReadAdminWrite,
  },
  {
    // Contact form: anyone sends (as themselves or anonymously), only admins read and delete, nobody edits.
    table: 'contact_messages',
    key: 'id',
    setup: async (db, cast) =>
      (
        await db.query<{ id: string }>(
          "insert into public.contact_messages (user_id, name, email, subject, message) values ($1, 'Owner', $2, 'Hello', 'A question') returning id",
          [cast.owner.id, cast.owner.email],
        )
      ).rows[0]!.id,
    newRow: (_cast, actorId) => ({ user_id: actorId, name: 'Sender', email: 'sender@example.com', subject: 'Hi', message: 'Hello there' }),
    change: { subject: 'Edited' },
    expect: {
      anon: row(false, true, false, false),
      owner: row(false, true, false, false),
      other: row(false, true, false, false),
      admin: row(true, true, false, true),
      master_admin: row(true, true, false, true),
    },
  },
  {
    // Interest in coming-soon features: owners add, read and withdraw their own; admins read all; nobody edits.
    table: 'feature_requests',
    key: 'id',
    setup: async (db, cast) =>
      (
        await db.query<{ id: string }>("insert into public.feature_requests (user_id, feature) values ($1, 'workflows') returning id", [
          cast.owner.id,
        ])
      ).rows[0]!.id,
    newRow: (cast) => ({ user_id: cast.owner.id, feature: 'pitch_deck' }),
    change: { feature: 'smart_queries' },
    expect: {
      anon: row(false, false, false, false),
      owner: row(true, true, false, true),
      other: row(false, false, false, false),
      admin: row(true, false, false, false),
      master_admin: row(true, false, false, false),
    },
  },
  {
    // Purchases: the buyer and admins read them; only the payment functions (service role) write.
    table: 'purchases',
    key: 'id',
    setup: async (db, cast) =>
      (
        await db.query<{ id: string }>(
          "insert into public.purchases (product_name, buyer_id, status) values ('Checklist', $1, 'paid') returning id",
          [cast.owner.id],
        )
      ).rows[0]!.id,
    newRow: (cast, actorId) => ({ product_name: 'Free copy', buyer_id: actorId ?? cast.owner.id, status: 'paid' }),
    change: { status: 'pending' },
    expect: {
      anon: row(false, false, false, false),
      owner: row(true, false, false, false),
      other: row(false, false, false, false),
      admin: row(true, false, false, false),
      master_admin: row(true, false, false, false),
    },
  },
  {
    table: 'offers',
    key: 'id',
    setup: async (db, cast) =>
      (
        await db.query<{ id: string }>(
          `insert into public.offers (user_id, title, framework) values ($1, 'Owner offer', '{"title":"Owner offer"}') returning id`,
          [cast.owner.id],
        )
      ).rows[0]!.id,
    newRow: (cast) => ({ user_id: cast.owner.id, title: 'New offer', framework: { title: 'New offer' } }),
    change: { title: 'Renamed offer' },
    expect: ownerOnly,
  },
  {
    table: 'kb_folders',
    key: 'id',
    setup: async (db, cast) =>
      (
        await db.query<{ id: string }>("insert into public.kb_folders (user_id, name) values ($1, 'Owner KB') returning id", [
          cast.owner.id,
        ])
      ).rows[0]!.id,
    newRow: (cast) => ({ user_id: cast.owner.id, name: 'New KB folder' }),
    change: { name: 'Renamed KB folder' },
    expect: ownerOnly,
  },
  {
    table: 'kb_documents',
    key: 'id',
    setup: async (db, cast) =>
      (
        await db.query<{ id: string }>(
          "insert into public.kb_documents (user_id, name, type, content) values ($1, 'Owner doc', 'text', 'Brand voice: friendly.') returning id",
          [cast.owner.id],
        )
      ).rows[0]!.id,
    newRow: (cast) => ({ user_id: cast.owner.id, name: 'New doc', type: 'text', content: 'Notes' }),
    change: { name: 'Renamed doc' },
    expect: ownerOnly,
  },
  {
    table: 'kb_settings',
    key: 'user_id',
    setup: async (db, cast) => {
      await db.query("insert into public.kb_settings (user_id, selection) values ($1, 'uncategorized')", [cast.owner.id]);
      return cast.owner.id;
    },
    beforeInsert: async (tx, cast) => {
      await tx.query('delete from public.kb_settings where user_id = $1', [cast.owner.id]);
    },
    newRow: (cast) => ({ user_id: cast.owner.id, selection: 'all' }),
    change: { selection: 'all' },
    expect: ownerOnly,
  },
  {
    // The product's one row of alert contacts: master admins only, not even admins.
    table: 'monitoring_settings',
    key: 'id',
    setup: async (db) => {
      await db.query(
        "insert into public.monitoring_settings (id, alert_email, alert_phone) values (true, 'alerts@example.com', '+15550100')",
      );
      return 'true';
    },
    beforeInsert: async (tx) => {
      await tx.query('delete from public.monitoring_settings');
    },
    newRow: () => ({ id: true, alert_email: 'new-alerts@example.com' }),
    change: { alert_email: 'changed-alerts@example.com' },
    expect: {
      anon: row(false, false, false, false),
      owner: row(false, false, false, false),
      other: row(false, false, false, false),
      admin: row(false, false, false, false),
      master_admin: row(true, true, true, true),
    },
  },
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
  // Documents, quota, workspaces, sharing, ideas (issue 7).
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
  {
    // The public face of products for sale, kept by a trigger on generated_documents: everyone
    // reads it, nobody writes it over the API.
    table: 'product_listings',
    key: 'id',
    setup: async (db, cast) =>
      (
        await db.query<{ id: string }>(
          "insert into public.generated_documents (user_id, name, content, is_digital_product, price) values ($1, 'Listed product', '# Secret', true, 19) returning id",
          [cast.owner.id],
        )
      ).rows[0]!.id,
    newRow: () => ({ id: '00000000-0000-0000-0000-000000000001', name: 'Forged', price: 1, has_price_id: false }),
    change: { price: 0 },
    expect: {
      anon: row(true, false, false, false),
      owner: row(true, false, false, false),
      other: row(true, false, false, false),
      admin: row(true, false, false, false),
      master_admin: row(true, false, false, false),
    },
  },
  {
    // Written by the stripe-webhook function (service role) only; the owner reads their own.
    table: 'subscriptions',
    key: 'user_id',
    setup: async (db, cast) => {
      await db.query(
        "insert into public.subscriptions (user_id, stripe_customer_id, stripe_subscription_id, plan, status, current_period_end) values ($1, 'cus_matrix', 'sub_matrix', 'pro', 'active', now() + interval '30 days')",
        [cast.owner.id],
      );
      return cast.owner.id;
    },
    beforeInsert: async (tx, cast) => {
      await tx.query('delete from public.subscriptions where user_id = $1', [cast.owner.id]);
    },
    newRow: (cast) => ({ user_id: cast.owner.id, stripe_customer_id: 'cus_forged', plan: 'team', status: 'active' }),
    change: { status: 'canceled' },
    expect: ownerReadsOnly,
  },
  {
    // Webhook events already handled: the stripe-webhook function's (service role) alone.
    table: 'stripe_events',
    key: 'id',
    setup: async (db) => {
      await db.query("insert into public.stripe_events (id, type) values ('evt_matrix', 'invoice.paid') on conflict (id) do nothing");
      return 'evt_matrix';
    },
    newRow: () => ({ id: 'evt_forged', type: 'invoice.paid' }),
    change: { type: 'invoice.payment_failed' },
    expect: { ...ownerReadsOnly, owner: row(false, false, false, false) },
  },
  {
    // A premium prompt's text: readable with Pro or Team (the owner is on Pro through the
    // subscriptions case) and by admins; written only through free_prompts' trigger.
    table: 'free_prompt_premium_texts',
    key: 'prompt_id',
    setup: async (db) => {
      await db.query(
        // Again after each check (the REST matrix deletes the text row): the text is given anew.
        "insert into public.free_prompts (id, category_id, name, prompt_text, is_premium) values ('matrix-premium', 'marketing', 'Premium', 'The whole premium text', true) on conflict (id) do update set prompt_text = excluded.prompt_text || ' '",
      );
      return 'matrix-premium';
    },
    newRow: () => ({ prompt_id: 'matrix1', prompt_text: 'Forged' }),
    change: { prompt_text: 'Changed' },
    expect: {
      anon: row(false, false, false, false),
      owner: row(true, false, false, false),
      other: row(false, false, false, false),
      admin: row(true, false, false, false),
      master_admin: row(true, false, false, false),
    },
  },
  {
    // Operational events: master admins read them; only the recording functions write.
    table: 'monitoring_events',
    key: 'id',
    setup: async (db) =>
      String(
        (
          await db.query<{ id: number }>(
            "insert into public.monitoring_events (kind, message) values ('function_error', 'Matrix') returning id",
          )
        ).rows[0]!.id,
      ),
    newRow: () => ({ kind: 'function_error', message: 'Forged' }),
    change: { message: 'Changed' },
    expect: { ...ownerReadsOnly, owner: row(false, false, false, false), master_admin: row(true, false, false, false) },
  },
  {
    // When each kind of alert was last sent (the hourly limit): master admins read it.
    table: 'monitoring_alerts',
    key: 'kind',
    setup: async (db) => {
      await db.query(
        "insert into public.monitoring_alerts (kind, last_sent_at, recipient) values ('function_error', now(), 'alerts@example.com') on conflict (kind) do nothing",
      );
      return 'function_error';
    },
    newRow: () => ({ kind: 'sign_in_lockout', last_sent_at: new Date().toISOString(), recipient: 'forged@example.com' }),
    change: { recipient: 'changed@example.com' },
    expect: { ...ownerReadsOnly, owner: row(false, false, false, false), master_admin: row(true, false, false, false) },
  },
  ...TRAINING_RLS_CASES,
];
