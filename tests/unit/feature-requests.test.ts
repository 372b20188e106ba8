import { describe, expect, it } from 'vitest';
import {
  featureShippedMail,
  isRequestableFeature,
  summarizeFeatureRequests,
  type FeatureRequestRow,
} from '@/shared/core/featureRequests.ts';
import { featureRequestNotice } from '@/shared/core/hub.ts';

const row = (feature: string, user: string, created: string, notified: string | null = null): FeatureRequestRow => ({
  id: `${feature}-${user}`,
  feature,
  user_id: user,
  email: `${user}@example.com`,
  created_at: created,
  notified_at: notified,
});

describe('feature requests for admins', () => {
  it('lists every requestable feature, the most requested first, requesters newest first, with who was not mailed yet', () => {
    const demands = summarizeFeatureRequests(
      [
        row('pitch_deck', 'a', '2026-11-01T10:00:00Z', '2026-11-02T00:00:00Z'),
        row('folder_view', 'b', '2026-11-03T10:00:00Z'),
        row('pitch_deck', 'c', '2026-11-04T10:00:00Z'),
        row('retired_feature', 'd', '2026-11-05T10:00:00Z'),
      ],
      new Map([['pitch_deck', '2026-11-02T00:00:00Z']]),
    );
    expect(demands.map((d) => [d.feature, d.requesters.length, d.pending])).toEqual([
      ['pitch_deck', 2, 1],
      ['folder_view', 1, 1],
      ['workflows', 0, 0],
      ['document_analysis', 0, 0],
      ['smart_queries', 0, 0],
    ]);
    expect(demands[0]!.requesters.map((r) => r.user_id)).toEqual(['c', 'a']);
    expect(demands[0]!.shippedAt).toBe('2026-11-02T00:00:00Z');
    expect(demands[1]!).toMatchObject({ label: 'One view of all folders', shippedAt: null });
  });

  it('knows the feature keys (Manage Folders has one now)', () => {
    expect(isRequestableFeature('folder_view')).toBe(true);
    expect(isRequestableFeature('pitch_deck')).toBe(true);
    expect(isRequestableFeature('billing')).toBe(false);
    expect(isRequestableFeature(7)).toBe(false);
    expect(featureRequestNotice('folder_view', 'added').title).toBe('Feature In Progress!');
  });

  it('mails a link to the feature in text and HTML', () => {
    const mail = featureShippedMail('pitch_deck', 'https://app.example/');
    expect(mail.subject).toBe('Pitch Deck is ready in AI Vault');
    expect(mail.text).toContain('https://app.example/pitch-deck');
    expect(mail.html).toContain('<a href="https://app.example/pitch-deck">Open Pitch Deck</a>');
    expect(featureShippedMail('folder_view', 'http://localhost:5173').text).toContain('http://localhost:5173/manage-folders');
  });
});
