import { describe, expect, it } from 'vitest';
import { ALERT_LISTED_EVENTS, monitoringAlertMail } from '@/shared/core/admin/monitoringEvents.ts';
import { escapeHtml } from '@/shared/core/text.ts';

const event = (i: number) => ({ source: 'stripe-webhook', message: `Refused <delivery> ${i}`, at: `2026-11-27T08:0${i % 10}:00Z` });

describe('the monitoring alert e-mail', () => {
  it('names the kind and the count, lists the events and links to the card', () => {
    const mail = monitoringAlertMail({
      kind: 'stripe_webhook_failed',
      count: 2,
      events: [event(1), event(2)],
      adminUrl: 'https://app.test/admin/dashboard',
    });
    expect(mail.subject).toBe('AI Vault alert: Stripe webhooks failed or unverifiable (2)');
    expect(mail.text).toContain('2 new events: Stripe webhooks failed or unverifiable.');
    expect(mail.text).toContain('- 2026-11-27T08:01:00Z · stripe-webhook · Refused <delivery> 1');
    expect(mail.text).toContain('Open the monitoring card: https://app.test/admin/dashboard');
    // Messages come from outside (a request, an error): escaped in the HTML.
    expect(mail.html).toContain('Refused &lt;delivery&gt; 1');
    expect(mail.html).not.toContain('<delivery>');
    expect(mail.text).not.toContain('more.');
  });

  it(`lists at most ${ALERT_LISTED_EVENTS} events and says how many more there were`, () => {
    const events = Array.from({ length: 14 }, (_, i) => event(i));
    const mail = monitoringAlertMail({ kind: 'function_error', count: 14, events, adminUrl: 'https://app.test/admin/dashboard' });
    expect(mail.text.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(ALERT_LISTED_EVENTS);
    expect(mail.text).toContain('…and 4 more.');
    expect(mail.subject).toBe('AI Vault alert: Edge Function errors (14)');
    const one = monitoringAlertMail({ kind: 'sign_in_lockout', count: 1, events: [event(1)], adminUrl: 'x' });
    expect(one.text).toContain('1 new event: Sign-in lockouts.');
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;');
  });
});
