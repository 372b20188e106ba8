import { ownerOnly, publicReadAdminWrite, row, type TableCase } from './cases.ts';

/** RLS cases: the account, its keys and prompt library, the public catalogues, contact, purchases, knowledge settings and alert contacts. */
export const ACCOUNT_CASES: TableCase[] = [
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
    table: 'getting_started',
    key: 'user_id',
    setup: async (db, cast) => {
      await db.query('insert into public.getting_started (user_id) values ($1)', [cast.owner.id]);
      return cast.owner.id;
    },
    beforeInsert: async (tx, cast) => {
      await tx.query('delete from public.getting_started where user_id = $1', [cast.owner.id]);
    },
    newRow: (cast) => ({ user_id: cast.owner.id }),
    change: { dismissed_at: '2026-12-01T00:00:00Z' },
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
];
