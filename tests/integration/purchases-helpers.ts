import type { SupabaseClient } from '@supabase/supabase-js';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../fixtures/fake-stripe.ts';
import { startTestStack, type TestStack } from '../helpers/stack.ts';
import { memoryClient, uniqueEmail } from './auth-helpers.ts';

/** A local stack wired to the fake Stripe, and the few steps the purchase tests repeat. */
export interface Shop {
  stack: TestStack;
  stripe: FakeStripe;
  /** A signed-in account (role 'user' unless given). */
  user(role?: 'admin' | 'view_only'): Promise<Account>;
  /** A generated document of a new owner (or of `owner`), put on sale as the database owner would. */
  product(fields?: ProductFields, owner?: Account): Promise<string>;
  /** POSTs to an Edge Function; answers its status and JSON body. */
  call(name: string, body: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown> }>;
  /** Pays a Checkout session on the fake's hosted page; answers where Stripe sends the buyer back. */
  pay(url: string): Promise<URL>;
  /** Points the stack's payment functions at the fake Stripe (the tests unset it now and then). */
  /** Stripe's keys and address set as the functions' secrets (a test may unset some). */
  configure(): Promise<void>;
  close(): Promise<void>;
}

export interface Account {
  id: string;
  email: string;
  client: SupabaseClient;
  token: string;
}

interface ProductFields {
  price?: number | null;
  priceId?: string | null;
  max?: number | null;
  content?: string;
  forSale?: boolean;
}

const PASSWORD = 'correct-horse-42';

export async function openShop(): Promise<Shop> {
  const stripe = await startFakeStripe();
  const stack = await startTestStack({ config: { siteUrl: 'http://shop.test' } });
  stripe.setWebhookUrl(`${stack.url}/functions/v1/stripe-webhook`);

  const user: Shop['user'] = async (role) => {
    const email = uniqueEmail(role ?? 'buyer');
    const { data } = await stack.service().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    if (role) await stack.db.query('update public.profiles set role = $2 where id = $1', [data.user!.id, role]);
    const client = memoryClient(stack);
    const { data: signedIn } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    return { id: data.user!.id, email, client, token: signedIn.session!.access_token };
  };

  const product: Shop['product'] = async (fields = {}, owner) => {
    const ownerId = (owner ?? (await user())).id;
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.generated_documents (user_id, name, content, price, stripe_price_id, max_downloads, is_digital_product)
       values ($1, 'Launch Checklist', $2, $3, $4, $5, $6) returning id`,
      [
        ownerId,
        fields.content ?? 'Step 1: pick a date.',
        fields.price === undefined ? 29 : fields.price,
        fields.priceId === undefined ? 'price_checklist' : fields.priceId,
        fields.max === undefined ? 2 : fields.max,
        fields.forSale ?? true,
      ],
    );
    return rows[0]!.id;
  };

  const call: Shop['call'] = async (name, body, token) => {
    const res = await fetch(`${stack.url}/functions/v1/${name}`, {
      method: 'POST',
      // Signed out, supabase-js sends the anon key as the bearer JWT.
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token ?? stack.config.anonKey}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  const pay: Shop['pay'] = async (url) => {
    const id = new URL(url).pathname.split('/').pop();
    const res = await fetch(`${stripe.url}/pay/${id}/complete`, { method: 'POST', redirect: 'manual' });
    return new URL(res.headers.get('location')!);
  };

  const configure = () =>
    stack.setFunctionSecrets({
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    });

  return {
    stack,
    stripe,
    user,
    product,
    call,
    pay,
    configure,
    close: async () => {
      await stack.close();
      await stripe.close();
    },
  };
}

/** Makes the database refuse one kind of write to purchases (a failed write, as the functions see it) until `undo` runs. */
export async function failPurchaseWrites(stack: TestStack, when: string): Promise<{ undo(): Promise<void> }> {
  await stack.db.query(`create or replace function public.test_refuse_purchase_write() returns trigger language plpgsql as $$
    begin raise exception 'test: purchases are read-only now'; end $$`);
  await stack.db.query(`create trigger test_refuse_purchase_write before update on public.purchases for each row when (${when})
    execute function public.test_refuse_purchase_write()`);
  return {
    undo: async () => {
      await stack.db.query('drop trigger test_refuse_purchase_write on public.purchases');
      await stack.db.query('drop function public.test_refuse_purchase_write()');
    },
  };
}
