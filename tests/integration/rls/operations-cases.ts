import { ownerReadsOnly, row, type TableCase } from './cases.ts';

/** RLS cases: product listings, subscriptions and Stripe events, premium texts, monitoring. */
export const OPERATIONS_CASES: TableCase[] = [
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
];
