import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorReport } from '@/shared/core/admin/clientErrors.ts';
import { MONITORING_KINDS } from '@/shared/core/admin/monitoringEvents.ts';
import { BILLING_ERRORS } from '@/shared/core/billingTexts.ts';
import type { GenerationRequest } from '@/shared/core/documents/documents.ts';
import { getMonitoringActivity, saveMonitoringSettings } from '@/shared/data/admin/monitoring.ts';
import { reportClientError } from '@/shared/data/clientErrors.ts';
import { markFeatureShipped, requestFeature } from '@/shared/data/featureRequests.ts';
import { generateDocument } from '@/shared/data/documents/generation.ts';
import { GENERATION_LIMIT_CODE } from '@/shared/data/quota.ts';
import { saveSchedule } from '@/shared/data/workflowSchedules.ts';
import { createWorkflow } from '@/shared/data/workflows.ts';
import { monitored } from '@/supabase/functions/_shared/monitoring.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { uniqueEmail } from './auth-helpers.ts';
import { must, person, type Person } from './documents-helpers.ts';
import { daily, digest, makeDue } from './schedule-helpers.ts';

/**
 * Monitoring (migration 20261130000400): failed or unverifiable Stripe webhooks, Edge Function
 * errors, failed scheduled runs, sign-in lockouts and exhausted quotas are recorded where they
 * happen; master admins alone read them; the monitoring-alerts function mails the alert address at
 * most once per kind per hour.
 */

let stack: TestStack;
let master: Person;
let admin: Person;
let user: Person;

const FAILED_SIGN_INS = 2;

beforeAll(async () => {
  stack = await startTestStack({
    config: {
      rateLimits: { signIn: 10_000, signUp: 10_000, recover: 10_000, emailSent: 10_000, failedSignInsPerAccount: FAILED_SIGN_INS },
    },
  });
  [master, admin, user] = [
    await person(stack, 'mon-master', 'master_admin'),
    await person(stack, 'mon-admin', 'admin'),
    await person(stack, 'mon-user'),
  ];
});
afterAll(async () => stack?.close());

const eventsOf = async (kind: string) =>
  (
    await stack.db.query<{
      source: string;
      message: string;
      detail: Record<string, unknown>;
      user_id: string | null;
      alerted_at: Date | null;
    }>('select source, message, detail, user_id, alerted_at from public.monitoring_events where kind = $1 order by id', [kind])
  ).rows;

const post = (path: string, init: RequestInit = {}) => fetch(`${stack.url}${path}`, { method: 'POST', ...init });
const serviceHeaders = () => ({ authorization: `Bearer ${stack.config.serviceRoleKey}`, apikey: stack.config.serviceRoleKey });
const sendAlerts = async () => {
  const res = await post('/functions/v1/monitoring-alerts', { headers: serviceHeaders(), body: '{}' });
  expect(res.status).toBe(200);
  return (await res.json()) as { sent: { kind: string; count: number }[]; failed: string[] };
};

describe(`monitoring events are recorded where things go wrong (${testDbKind})`, () => {
  it('records unsigned and wrongly signed Stripe webhook deliveries', async () => {
    await stack.setFunctionSecrets({ STRIPE_SECRET_KEY: 'sk_test_monitoring', STRIPE_WEBHOOK_SECRET: 'whsec_monitoring' });
    try {
      expect((await post('/functions/v1/stripe-webhook', { body: '{}' })).status).toBe(400);
      const forged = await post('/functions/v1/stripe-webhook', { headers: { 'stripe-signature': 't=1,v1=deadbeef' }, body: '{}' });
      expect(forged.status).toBe(400);
    } finally {
      await stack.setFunctionSecrets({ STRIPE_SECRET_KEY: null, STRIPE_WEBHOOK_SECRET: null });
    }
    expect((await eventsOf('stripe_webhook_failed')).map((e) => [e.source, e.message])).toEqual([
      ['stripe-webhook', 'Refused a delivery: Missing Stripe-Signature.'],
      ['stripe-webhook', 'Refused a delivery: Invalid signature.'],
    ]);
  });

  it("records a function's 5xx answer and an uncaught exception, not its 4xx answers", async () => {
    // Payments are not set up in this stack: the function answers 503.
    const refused = await user.client.functions.invoke('create-subscription-checkout', { body: { plan: 'pro' } });
    expect(refused.response?.status).toBe(503);
    expect(await refused.response?.json()).toEqual({ error: BILLING_ERRORS.notConfigured });
    const invalid = await user.client.functions.invoke('create-subscription-checkout', { body: { plan: 'gold' } });
    expect(invalid.response?.status).toBe(400);
    expect(await invalid.response?.json()).toEqual({ error: BILLING_ERRORS.unknownPlan });
    const throwing = monitored('monitoring-test', () => {
      throw new Error('boom');
    });
    const answer = await throwing(new Request('http://functions.test/monitoring-test', { method: 'POST' }));
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' });
    expect((await eventsOf('function_error')).map((e) => [e.source, e.message, e.detail.status ?? null])).toEqual([
      ['create-subscription-checkout', `Answered 503: ${BILLING_ERRORS.notConfigured}`, 503],
      ['monitoring-test', 'Uncaught error: boom', null],
    ]);
  });

  it('records a lockout once, when failed sign-ins lock an account', async () => {
    const email = uniqueEmail('mon-locked');
    const created = await stack.service().auth.admin.createUser({ email, password: 'right-password-1', email_confirm: true });
    const signIn = (password: string) =>
      post('/auth/v1/token?grant_type=password', {
        headers: { apikey: stack.config.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
    for (let i = 0; i < FAILED_SIGN_INS; i++) expect((await signIn(`guess-${i}`)).status).toBe(400);
    expect((await signIn('right-password-1')).status).toBe(429);
    expect((await signIn('another-guess')).status).toBe(429);
    const lockouts = await eventsOf('sign_in_lockout');
    expect(lockouts).toHaveLength(1);
    expect(lockouts[0]).toMatchObject({ source: 'auth', user_id: created.data.user!.id, detail: {} });
  });

  it('records an exhausted quota once a month per user', async () => {
    await stack.db.query(
      `insert into public.user_generation_counts (user_id, generation_count) values ($1, public.monthly_generation_limit())
       on conflict (user_id) do update set generation_count = excluded.generation_count`,
      [user.userId],
    );
    const request: GenerationRequest = {
      prompt: 'A launch plan',
      templateId: 'blog_post',
      provider: 'openai',
      model: 'gpt-4o-mini',
      apiKey: 'sk-unused',
      customBaseUrl: null,
      folderId: null,
    };
    for (let i = 0; i < 2; i++) {
      const outcome = await generateDocument(user.client, request, new AbortController().signal, () => undefined);
      expect(outcome.error?.code).toBe(GENERATION_LIMIT_CODE);
    }
    expect((await eventsOf('quota_exhausted')).map((e) => [e.source, e.user_id])).toEqual([['generate-document', user.userId]]);
  });

  it('records a scheduled run that failed or paused its schedule', async () => {
    // The owner never stored a key: the schedule pauses.
    const workflow = must(await createWorkflow(user.client, { name: 'Weekly digest', description: '', definition: digest }));
    must(await saveSchedule(user.client, workflow, daily));
    await makeDue(stack, workflow.id);
    const res = await post('/functions/v1/run-scheduled-workflows', { headers: serviceHeaders(), body: '{}' });
    expect((await res.json()) as unknown).toMatchObject({ ran: [{ workflowId: workflow.id, status: 'paused' }] });
    const failed = await eventsOf('scheduled_run_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ source: 'run-scheduled-workflows', user_id: user.userId, detail: { workflowId: workflow.id } });
    expect(failed[0]!.message).toMatch(/^Schedule paused: /);
  });

  it('records a mail that could not be sent, with the kind of mail and why', async () => {
    must(await requestFeature(user.client, 'folder_view'));
    // No mailer on the project (RESEND_API_KEY unset): the requester's mail cannot go out.
    await stack.setFunctionSecrets({ RESEND_API_KEY: '' });
    try {
      expect(must(await markFeatureShipped(admin.client, 'folder_view'))).toMatchObject({ mailed: 0, failed: 1, mail: 'off' });
    } finally {
      await stack.setFunctionSecrets({ RESEND_API_KEY: null });
    }
    expect((await eventsOf('mail_unsent')).map((e) => [e.source, e.detail.mail, e.detail.reason])).toEqual([
      ['mail', 'feature_shipped', 'no_mailer'],
    ]);
  });

  it('records a page that failed to draw, reported by its error screen', async () => {
    const report = clientErrorReport(new TypeError('x is undefined'), '/knowledge-base', '0.1.0', 'dashboard');
    must(await reportClientError(user.client, report));
    expect((await eventsOf('client_error')).map((e) => [e.source, e.message, e.user_id])).toEqual([
      ['dashboard', 'TypeError: x is undefined', user.userId],
    ]);
  });
});

describe(`who sees monitoring (${testDbKind})`, () => {
  it('master admins read the events and counts; admins, users and visitors see nothing and write nothing', async () => {
    const activity = must(await getMonitoringActivity(master.client));
    expect(new Set(activity.events.map((e) => e.kind))).toEqual(new Set(MONITORING_KINDS));
    expect(activity.counts.find((c) => c.kind === 'stripe_webhook_failed')).toMatchObject({ lastDay: 2, lastWeek: 2 });
    const visitor = stack.anon();
    for (const who of [admin.client, user.client, visitor]) {
      // PostgREST answers a refusal 403 to a signed-in caller and 401 to a visitor.
      const status = who === visitor ? 401 : 403;
      const { data } = await who.from('monitoring_events').select('id');
      expect(data ?? []).toEqual([]);
      const { data: counts } = await who.rpc('monitoring_event_counts');
      expect(counts ?? []).toEqual([]);
      const inserted = await who.from('monitoring_events').insert({ kind: 'function_error', message: 'forged' });
      expect(inserted.status).toBe(status);
      expect(inserted.error).toMatchObject({
        code: '42501',
        message: 'new row violates row-level security policy for table "monitoring_events"',
      });
      const forged = await who.rpc('record_monitoring_event', { event_kind: 'function_error', event_source: 'x', event_message: 'forged' });
      expect(forged.status).toBe(status);
      expect(forged.error).toMatchObject({ code: '42501', message: 'permission denied for function record_monitoring_event' });
      const claimed = await who.rpc('claim_monitoring_alerts');
      expect(claimed.status).toBe(status);
      expect(claimed.error).toMatchObject({ code: '42501', message: 'permission denied for function claim_monitoring_alerts' });
    }
    expect((await stack.db.query("select count(*)::int as n from public.monitoring_events where message = 'forged'")).rows[0]).toEqual({
      n: 0,
    });
  });

  it('the kinds the app names are the kinds the database accepts', async () => {
    const { rows } = await stack.db.query<{ def: string }>(
      `select pg_get_constraintdef(c.oid) as def from pg_constraint c
       where c.conrelid = 'public.monitoring_events'::regclass and c.contype = 'c' and pg_get_constraintdef(c.oid) like '%kind%'`,
    );
    const accepted = [...rows[0]!.def.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
    expect(accepted.sort()).toEqual([...MONITORING_KINDS].sort());
  });
});

describe(`alerts (${testDbKind})`, () => {
  it('only the service role may send them; without an alert address nothing is sent and events wait', async () => {
    const res = await user.client.functions.invoke('monitoring-alerts', { body: {} });
    expect(res.response?.status).toBe(403);
    expect(await res.response?.json()).toEqual({ error: 'Only the scheduler may send monitoring alerts.' });
    expect(await sendAlerts()).toEqual({ sent: [], failed: [] });
    expect((await eventsOf('function_error')).every((e) => e.alerted_at === null)).toBe(true);
  });

  it('mails one alert per kind, then at most one per kind per hour with what happened since', async () => {
    const to = uniqueEmail('alerts');
    must(await saveMonitoringSettings(master.client, { alertEmail: to, alertPhone: '' }));
    const first = await sendAlerts();
    expect(first.sent.map((s) => [s.kind, s.count]).sort()).toEqual(
      [
        ['client_error', 1],
        ['function_error', 2],
        ['mail_unsent', 1],
        ['quota_exhausted', 1],
        ['scheduled_run_failed', 1],
        ['sign_in_lockout', 1],
        ['stripe_webhook_failed', 2],
      ].sort(),
    );
    const mails = stack.mailbox.list(to);
    expect(mails).toHaveLength(7);
    const webhookMail = mails.find((m) => m.subject === 'AI Vault alert: Stripe webhooks failed or unverifiable (2)')!;
    expect(webhookMail.text).toContain('Refused a delivery: Invalid signature.');
    expect(webhookMail.text).toContain(`${stack.config.siteUrl}/admin/dashboard`);

    // Within the hour: a new event waits; nothing is sent twice.
    expect((await post('/functions/v1/stripe-webhook', { body: '{}' })).status).toBe(503);
    expect(await sendAlerts()).toEqual({ sent: [], failed: [] });
    expect(stack.mailbox.list(to)).toHaveLength(7);
    // An hour later it goes out, alone.
    await stack.db.query(
      "update public.monitoring_alerts set last_sent_at = now() - interval '61 minutes' where kind = 'stripe_webhook_failed'",
    );
    expect(await sendAlerts()).toEqual({ sent: [{ kind: 'stripe_webhook_failed', count: 1 }], failed: [] });
    const latest = stack.mailbox.latest(to)!;
    expect(latest.subject).toBe('AI Vault alert: Stripe webhooks failed or unverifiable (1)');
    expect(latest.text).toContain('Answered 503: Payments are not configured.');
    expect((await eventsOf('stripe_webhook_failed')).every((e) => e.alerted_at !== null)).toBe(true);
  });
});
