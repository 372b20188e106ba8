import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureShippedMail } from '@/shared/core/featureRequests.ts';
import { SCHEDULE_TEXTS } from '@/shared/core/workflows/scheduleTexts.ts';
import { saveMonitoringSettings } from '@/shared/data/admin/monitoring.ts';
import { markFeatureShipped, requestFeature } from '@/shared/data/featureRequests.ts';
import { getMailStatus } from '@/shared/data/projectStatus.ts';
import * as shares from '@/shared/data/shares.ts';
import * as teams from '@/shared/data/teams.ts';
import { saveSchedule } from '@/shared/data/workflowSchedules.ts';
import { createWorkflow } from '@/shared/data/workflows.ts';
import { createWorkspace } from '@/shared/data/workspaces.ts';
import { FAKE_OPENAI_GOOD_KEY, startFakeOpenAI, type FakeOpenAI } from '../fixtures/fake-openai.ts';
import { testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';
import { openShop, type Shop } from './purchases-helpers.ts';
import { daily, digest, makeDue, storeKey } from './schedule-helpers.ts';
import { subscribe } from './teams-helpers.ts';

/**
 * Mail when the project has no mailer (RESEND_API_KEY unset among the functions' secrets) or the
 * mailer refuses: invitations still work, their link handed to the inviter; receipts, scheduled
 * results, monitoring alerts and "feature shipped" mails that do not go out are recorded in
 * monitoring (mail_unsent, migration 20261202004100) with the kind of mail and why, once per mail
 * and hour; the dashboard learns whether mail is on from the mail-status function.
 */

let shop: Shop;
let stack: TestStack;
let ai: FakeOpenAI;
let owner: Person;

/** `supabase secrets set`: no key is no mailer; the stack's own key reaches its mailbox; another key is refused by it. */
const mailer = (state: 'off' | 'on' | 'refusing') =>
  stack.setFunctionSecrets({ RESEND_API_KEY: state === 'off' ? '' : state === 'on' ? null : 'not-the-mailbox-key' });

interface UnsentEvent {
  source: string;
  message: string;
  detail: Record<string, unknown>;
  alerted_at: Date | null;
}
const unsent = async (mail?: string) =>
  (
    await stack.db.query<UnsentEvent>(
      `select source, message, detail, alerted_at from public.monitoring_events
        where kind = 'mail_unsent' and ($1::text is null or detail ->> 'mail' = $1) order by id`,
      [mail ?? null],
    )
  ).rows;

const tokenIn = (link: string) => decodeURIComponent(link.split('#token=')[1] ?? '');
const NO_MAILER = 'no mailer is set up on this project (RESEND_API_KEY is not set)';

beforeAll(async () => {
  shop = await openShop();
  stack = shop.stack;
  ai = await startFakeOpenAI({ chunkDelayMs: 1 });
  await shop.configure();
  await stack.setFunctionSecrets({ AI_BASE_URLS: JSON.stringify({ openai: `${ai.url}/v1` }) });
  owner = await person(stack, 'mail-owner', 'editor');
});
afterAll(async () => {
  await shop?.close();
  await ai?.close();
});

describe(`mail status (${testDbKind})`, () => {
  it('the dashboard learns whether the project has a mailer; a mailed invitation carries no link', async () => {
    await mailer('on');
    expect(must(await getMailStatus(owner.client))).toBe('on');
    expect(must(await getMailStatus(stack.anon()))).toBe('on');
    const recipient = await person(stack, 'mail-on-recipient');
    const workspace = must(await createWorkspace(owner.client, 'Mailed plan'));
    const answer = await owner.client.functions.invoke('share-invite', { body: { workspaceId: workspace.id, email: recipient.email } });
    expect(answer.data).toEqual({ share: expect.objectContaining({ recipient_email: recipient.email }), mail: 'sent' });
    expect(stack.mailbox.list(recipient.email)).toHaveLength(1);

    await mailer('off');
    expect(must(await getMailStatus(owner.client))).toBe('off');
    expect(must(await getMailStatus(stack.anon()))).toBe('off');
  });
});

describe(`without a mailer (${testDbKind})`, () => {
  beforeAll(() => mailer('off'));

  it('a share invitation answers with its link, mails nothing, and the link works once opened', async () => {
    const recipient = await person(stack, 'share-recipient');
    const workspace = must(await createWorkspace(owner.client, 'Launch plan'));
    const shared = must(await shares.shareByEmail(owner.client, { workspaceId: workspace.id }, recipient.email.toUpperCase()));
    expect(shared).toMatchObject({ recipientEmail: recipient.email, status: 'invited' });
    expect(shared.delivery).toEqual({ mail: 'off', link: expect.stringMatching(/^http:\/\/shop\.test\/shared\/accept#token=/) });
    expect(stack.mailbox.list(recipient.email)).toEqual([]);

    const link = shared.delivery!.mail === 'sent' ? '' : shared.delivery!.link;
    expect(must(await shares.acceptShare(recipient.client, tokenIn(link)))).toMatchObject({ workspaceId: workspace.id });
    expect(must(await shares.listShares(owner.client, { workspaceId: workspace.id }))[0]).toMatchObject({ status: 'accepted' });
    // Single use: the link is spent.
    expect((await shares.acceptShare(recipient.client, tokenIn(link))).error?.message).toBe(
      'This invitation link is not valid any more. Ask for a new one.',
    );
    expect((await unsent('share_invitation')).at(-1)).toMatchObject({
      source: 'mail',
      message: `Share invitation to ${recipient.email} not sent: ${NO_MAILER}.`,
      detail: {
        mail: 'share_invitation',
        reason: 'no_mailer',
        to: recipient.email,
        subject: `${owner.email} shared “Launch plan” with you`,
      },
    });
  });

  it('a team invitation answers with its link, and whoever opens it signed in joins', async () => {
    const teamOwner = await person(stack, 'team-owner');
    const member = await person(stack, 'team-member');
    await subscribe(stack, teamOwner, 'team');
    const { team } = must(await teams.getMyTeam(teamOwner.client, teamOwner.userId))!;
    const invitation = must(await teams.inviteToTeam(teamOwner.client, member.email, 'view_only'));
    expect(invitation).toMatchObject({ email: member.email, role: 'view_only' });
    expect(invitation.delivery).toEqual({ mail: 'off', link: expect.stringMatching(/^http:\/\/shop\.test\/team\/accept#token=/) });
    expect(stack.mailbox.list(member.email)).toEqual([]);
    const link = invitation.delivery.mail === 'sent' ? '' : invitation.delivery.link;
    expect(must(await teams.acceptTeamInvitation(member.client, tokenIn(link)))).toEqual({
      teamId: team.id,
      teamName: team.name,
      role: 'view_only',
    });
    expect((await unsent('team_invitation')).at(-1)).toMatchObject({
      message: `Team invitation to ${member.email} not sent: ${NO_MAILER}.`,
      detail: { reason: 'no_mailer', to: member.email },
    });
  });

  it('a receipt is not mailed: recorded with its buyer, and its claim released for a later delivery', async () => {
    const productId = await shop.product();
    const buyer = await shop.user();
    const checkout = await shop.call('create-checkout-session', { productId }, buyer.token);
    expect(checkout.status).toBe(200);
    await shop.pay(checkout.body.url as string);
    const { rows } = await stack.db.query<{ status: string; receipt_sent_at: Date | null }>(
      'select status, receipt_sent_at from public.purchases where stripe_session_id = $1',
      [checkout.body.sessionId],
    );
    expect(rows).toEqual([{ status: 'paid', receipt_sent_at: null }]);
    expect(stack.mailbox.list(buyer.email)).toEqual([]);
    expect(await unsent('receipt')).toEqual([
      expect.objectContaining({
        message: `Purchase receipt to ${buyer.email} not sent: ${NO_MAILER}.`,
        detail: { mail: 'receipt', reason: 'no_mailer', to: buyer.email, subject: 'Your receipt: Launch Checklist' },
      }),
    ]);
  });

  it('a scheduled run’s result is saved but not mailed, and recorded', async () => {
    const me = await person(stack, 'scheduled');
    await storeKey(me, FAKE_OPENAI_GOOD_KEY);
    const workflow = must(await createWorkflow(me.client, { name: 'Daily digest', description: '', definition: digest }));
    must(await saveSchedule(me.client, workflow, daily));
    await makeDue(stack, workflow.id);
    const res = await fetch(`${stack.url}/functions/v1/run-scheduled-workflows`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.config.serviceRoleKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(((await res.json()) as { ran: { status: string }[] }).ran).toEqual([expect.objectContaining({ status: 'done' })]);
    expect(stack.mailbox.list(me.email)).toEqual([]);
    expect(await unsent('schedule_result')).toEqual([
      expect.objectContaining({
        message: `Scheduled run result to ${me.email} not sent: ${NO_MAILER}.`,
        detail: { mail: 'schedule_result', reason: 'no_mailer', to: me.email, subject: SCHEDULE_TEXTS.mailDoneSubject('Daily digest') },
      }),
    ]);
  });

  it('a monitoring alert is not mailed: its events wait for the next call, and it is recorded once an hour', async () => {
    const master = await person(stack, 'mail-master', 'master_admin');
    must(await saveMonitoringSettings(master.client, { alertEmail: 'alerts@example.com', alertPhone: '' }));
    const sendAlerts = async () => {
      const res = await fetch(`${stack.url}/functions/v1/monitoring-alerts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${stack.config.serviceRoleKey}`, 'content-type': 'application/json' },
        body: '{}',
      });
      return (await res.json()) as { sent: unknown[]; failed: string[] };
    };
    // The unsent mails above are events themselves: their alert cannot go out either.
    expect(await sendAlerts()).toEqual({ sent: [], failed: ['mail_unsent'] });
    expect(stack.mailbox.list('alerts@example.com')).toEqual([]);
    const recorded = await unsent('monitoring_alert');
    expect(recorded).toEqual([
      expect.objectContaining({
        message: `Monitoring alert to alerts@example.com not sent: ${NO_MAILER}.`,
        detail: expect.objectContaining({ mail: 'monitoring_alert', reason: 'no_mailer', to: 'alerts@example.com' }),
      }),
    ]);
    // Given back, retried at the next call, and still recorded once this hour.
    expect((await unsent()).filter((e) => e.alerted_at !== null)).toEqual([]);
    expect(await sendAlerts()).toEqual({ sent: [], failed: ['mail_unsent'] });
    expect(await unsent('monitoring_alert')).toHaveLength(1);
  });

  it('"feature shipped" mails nobody, claims nobody, and says so; once mail is on the next click mails them', async () => {
    const admin = await person(stack, 'shipped-admin', 'admin');
    const requester = await person(stack, 'shipped-requester');
    expect(must(await requestFeature(requester.client, 'folder_view'))).toBe('added');
    const shipped = must(await markFeatureShipped(admin.client, 'folder_view'));
    expect(shipped).toEqual({ shippedAt: expect.any(String), mailed: 0, failed: 1, mail: 'off' });
    const { rows } = await stack.db.query<{ notified_at: Date | null }>(
      'select notified_at from public.feature_requests where user_id = $1',
      [requester.userId],
    );
    expect(rows).toEqual([{ notified_at: null }]);
    expect(await unsent('feature_shipped')).toEqual([
      expect.objectContaining({
        message: `Feature-shipped mail to 1 person not sent: ${NO_MAILER}.`,
        detail: {
          mail: 'feature_shipped',
          reason: 'no_mailer',
          to: '',
          recipients: 1,
          subject: featureShippedMail('folder_view', stack.config.siteUrl).subject,
        },
      }),
    ]);

    await mailer('on');
    try {
      expect(must(await markFeatureShipped(admin.client, 'folder_view'))).toEqual({
        shippedAt: shipped.shippedAt,
        mailed: 1,
        failed: 0,
        mail: 'on',
      });
      expect(stack.mailbox.list(requester.email)).toHaveLength(1);
    } finally {
      await mailer('off');
    }
  });
});

describe(`a mailer that refuses (${testDbKind})`, () => {
  beforeAll(() => mailer('refusing'));
  afterAll(() => mailer('on'));

  it('an invitation answers refused with its link; recorded with the mailer’s answer, once per mail and hour', async () => {
    expect(must(await getMailStatus(owner.client))).toBe('on');
    const recipient = await person(stack, 'refused-recipient');
    const workspace = must(await createWorkspace(owner.client, 'Refused plan'));
    const shared = must(await shares.shareByEmail(owner.client, { workspaceId: workspace.id }, recipient.email));
    expect(shared.delivery).toEqual({ mail: 'refused', link: expect.stringContaining('/shared/accept#token=') });
    const expected = {
      message: `Share invitation to ${recipient.email} not sent: the mailer refused it (401: API key is invalid).`,
      detail: expect.objectContaining({
        mail: 'share_invitation',
        reason: 'mailer_refused',
        to: recipient.email,
        problem: '401: API key is invalid',
      }),
    };
    const mine = async () => (await unsent('share_invitation')).filter((e) => e.detail.to === recipient.email);
    expect(await mine()).toEqual([expect.objectContaining(expected)]);
    // Inviting again: a new link, the same unsent mail within the hour — one event.
    const again = must(await shares.shareByEmail(owner.client, { workspaceId: workspace.id }, recipient.email));
    expect(again.delivery).toMatchObject({ mail: 'refused' });
    expect(await mine()).toHaveLength(1);
  });
});
