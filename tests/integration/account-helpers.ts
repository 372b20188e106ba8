import { accountOwnedColumns } from '@/shared/core/account/manifest.ts';
import type { TestStack } from '../helpers/stack.ts';
import type { Person } from './documents-helpers.ts';

/**
 * Shared by the account export and deletion tests: a row in every table that holds an account's
 * id (written as the database owner, so each table's own rules about who may write do not matter
 * here), with a marker in the texts, and shares and team places with a second account.
 */

export async function fillAccount(stack: TestStack, me: Person, other: Person, marker: string): Promise<void> {
  const q = async (sql: string, params: unknown[] = []) => (await stack.db.query<{ id: string }>(sql, params)).rows[0]?.id ?? '';
  const [uid, text] = [me.userId, marker];
  await q('insert into public.user_api_keys (user_id) values ($1)', [uid]);
  const promptFolder = await q('insert into public.prompt_folders (user_id, name) values ($1, $2) returning id', [uid, text]);
  await q(`insert into public.saved_prompts (user_id, name, prompt_text, folder_id) values ($1, $2, 'Write about {{topic}}', $3)`, [
    uid,
    text,
    promptFolder,
  ]);
  await q(`insert into public.prompt_runs (user_id, prompt_name, final_prompt, provider, status) values ($1, $2, $2, 'openai', 'done')`, [
    uid,
    text,
  ]);
  await q(`insert into public.prompt_suggestions (user_id, original_prompt_text, suggested_prompt_text) values ($1, $2, $2)`, [uid, text]);
  const conversation = await q(
    `insert into public.conversations (user_id, title, provider, source) values ($1, $2, 'openai', 'chat') returning id`,
    [uid, text],
  );
  await q(`insert into public.conversation_messages (conversation_id, user_id, position, role, content) values ($1, $2, 0, 'user', $3)`, [
    conversation,
    uid,
    text,
  ]);
  await q(`insert into public.offers (user_id, title, framework) values ($1, $2, '{}')`, [uid, text]);
  await q(
    `insert into public.generated_images (user_id, prompt, provider, model, file_path, mime_type, file_size, width, height)
     values ($1, $2, 'openai', 'gpt-image-1.5', $3, 'image/png', 68, 1, 1)`,
    [uid, text, `${uid}/${crypto.randomUUID()}.png`],
  );
  const kbFolder = await q('insert into public.kb_folders (user_id, name) values ($1, $2) returning id', [uid, text]);
  const kbDoc = await q(
    `insert into public.kb_documents (user_id, folder_id, name, type, content) values ($1, $2, $3, 'text', $3) returning id`,
    [uid, kbFolder, text],
  );
  await q(
    `insert into public.kb_chunks (user_id, document_id, folder_id, position, heading, content) values ($1, $2, $3, 0, '', $4) on conflict do nothing`,
    [uid, kbDoc, kbFolder, text],
  );
  await q(`insert into public.kb_settings (user_id, selection) values ($1, 'all')`, [uid]);
  await q('insert into public.getting_started (user_id, dismissed_at) values ($1, now())', [uid]);
  const docFolder = await q('insert into public.document_folders (user_id, name) values ($1, $2) returning id', [uid, text]);
  const doc = await q(
    `insert into public.generated_documents (user_id, name, content, folder_id, is_digital_product, price)
     values ($1, $2::text, '# ' || $2::text || E'\n\nThe plan of ' || $2::text || '.', $3, true, 9) returning id`,
    [uid, text, docFolder],
  );
  await q(
    `insert into public.startup_ideas (user_id, name, description, business_plan) values ($1, $2, $2, '{"executive":"e","market":"m","solution":"s"}')`,
    [uid, text],
  );
  const workflow = await q(
    `insert into public.workflows (user_id, name, definition) values ($1, $2, '{"version":1,"steps":[]}') returning id`,
    [uid, text],
  );
  const run = await q(
    `insert into public.workflow_runs (user_id, workflow_id, workflow_name, definition, provider, model, trigger)
     values ($1, $2, $3, '{"version":1,"steps":[]}', 'openai', 'gpt-4o-mini', 'dashboard') returning id`,
    [uid, workflow, text],
  );
  await q(`insert into public.workflow_run_steps (run_id, user_id, position, name, kind) values ($1, $2, 0, 'step', 'prompt')`, [run, uid]);
  const workspace = await q('insert into public.workspaces (user_id, name) values ($1, $2) returning id', [uid, text]);
  await q('insert into public.workspace_onboarding (user_id, demo_workspace_id) values ($1, $2)', [uid, workspace]);
  await q(`insert into public.generation_reservations (user_id, month) values ($1, date_trunc('month', now())::date)`, [uid]);
  await q('insert into public.user_generation_counts (user_id) values ($1)', [uid]);
  await q(`insert into public.feature_requests (user_id, feature) values ($1, 'workflows')`, [uid]);
  const video = await q(
    `insert into public.training_videos (title, category, url) values ($1, 'Basics', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ') returning id`,
    [text],
  );
  await q('insert into public.training_watched (user_id, video_id) values ($1, $2)', [uid, video]);
  // One row per feature: each account takes a feature nobody marked yet.
  await q(
    `insert into public.feature_status (feature, shipped_by)
     select f, $1 from unnest(array['folder_view', 'document_analysis', 'smart_queries', 'pitch_deck', 'workflows']) f
     where not exists (select 1 from public.feature_status s where s.feature = f) limit 1`,
    [uid],
  );
  await q(
    `insert into public.pitch_decks (user_id, title, slides) values ($1, $2, '[{"title":"Problem","bullets":[],"notes":""}]'::jsonb)`,
    [uid, text],
  );
  await q(`insert into public.contact_messages (user_id, name, email, subject, message) values ($1, $2, $3, 'Hello', $2)`, [
    uid,
    text,
    me.email,
  ]);
  await q(`insert into public.purchases (buyer_id, buyer_email, product_name, status) values ($1, $2, $3, 'paid')`, [uid, me.email, text]);
  await q(
    `insert into public.subscriptions (user_id, stripe_customer_id, stripe_subscription_id, plan, status)
     values ($1::uuid, 'cus_' || $1::text, 'sub_' || $1::text, 'team', 'canceled') on conflict (user_id) do nothing`,
    [uid],
  );
  // The usage ledger: a call (the marker as its model, so another account's export shows whether it leaked), a price, settings, a budget.
  await q(
    `insert into public.usage_events (user_id, feature, surface, provider, model, input_tokens, output_tokens, outcome, cost_micros)
     values ($1, 'run', 'dashboard', 'openai', $2, 1200, 300, 'done', 5400)`,
    [uid, text],
  );
  await q(
    `insert into public.usage_price_overrides (user_id, provider, model, input_per_million, output_per_million) values ($1, 'ollama', $2, 0, 0)`,
    [uid, text],
  );
  await q(`insert into public.usage_settings (user_id, currency, usd_rate) values ($1, 'EUR', 0.9)`, [uid]);
  await q(`insert into public.usage_budgets (user_id, provider, monthly_limit_micros, at_limit) values ($1, null, 20000000, 'stop')`, [
    uid,
  ]);
  await q(`insert into public.user_search_keys (user_id, provider, api_key) values ($1, 'brave', 'ciphertext-not-a-key')`, [uid]);
  await q('update public.monitoring_settings set updated_by = $1', [uid]);
  await q(`insert into public.monitoring_events (kind, source, message, user_id) values ('quota_exhausted', 'test', $2, $1)`, [uid, text]);
  // Shares given to the other account (accepted), and a team the other account belongs to.
  await q(`insert into public.shares (owner_id, document_id, recipient_email, recipient_id, accepted_at) values ($1, $2, $3, $4, now())`, [
    uid,
    doc,
    other.email.toLowerCase(),
    other.userId,
  ]);
  await q(`insert into public.shares (owner_id, workspace_id, recipient_email, recipient_id, accepted_at) values ($1, $2, $3, $4, now())`, [
    uid,
    workspace,
    other.email.toLowerCase(),
    other.userId,
  ]);
  const team = await q(`insert into public.teams (owner_id, name) values ($1, $2) returning id`, [uid, text]);
  await q(`insert into public.team_invitations (team_id, email, role, accepted_at, accepted_by) values ($1, $2, 'editor', now(), $3)`, [
    team,
    other.email.toLowerCase(),
    other.userId,
  ]);
  await q(`insert into public.team_members (team_id, user_id, email, role) values ($1, $2, $3, 'editor')`, [
    team,
    other.userId,
    other.email.toLowerCase(),
  ]);
}

/** Every (table, column) of the public schema that references auth.users, as the database has them. */
export async function ownerColumnsInDatabase(stack: TestStack): Promise<string[]> {
  const { rows } = await stack.db.query<{ owned: string }>(
    `select distinct kcu.table_name || '.' || kcu.column_name as owned
     from information_schema.referential_constraints rc
     join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
     join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.constraint_name and ccu.constraint_schema = rc.constraint_schema
     where kcu.table_schema = 'public' and ccu.table_schema = 'auth' and ccu.table_name = 'users'
     order by 1`,
  );
  return rows.map((row) => row.owned);
}

/** How many rows of each (table, column) hold the account's id; every count is 0 once the account is gone. */
export async function rowsHeld(stack: TestStack, userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const owned of accountOwnedColumns()) {
    const [table, column] = owned.split('.');
    const { rows } = await stack.db.query<{ n: number }>(`select count(*)::int as n from public.${table} where ${column} = $1`, [userId]);
    counts[owned] = rows[0]!.n;
  }
  return counts;
}
