import { describe, expect, it } from 'vitest';
import {
  AI_FEATURE_CARDS,
  contactPathWithSubject,
  featureRequestError,
  featureRequestNotice,
  formatUsd,
  PLANS,
  REQUESTABLE_FEATURES,
} from '@/shared/core/hub.ts';
import { AI_TOOLS, FREE_TOOLS } from '@/shared/core/tools/catalog.ts';

describe('hub data (Billing, AI Features, Pitch Deck)', () => {
  it('billing: Free $0, Pro $29/month, Team $79/month for 5 users, formatted in USD with 2 decimals', () => {
    expect(PLANS.map((p) => [p.name, formatUsd(p.price), p.period])).toEqual([
      ['Free', '$0.00', ''],
      ['Pro', '$29.00', '/month'],
      ['Team', '$79.00', '/month'],
    ]);
    expect(PLANS.find((p) => p.id === 'team')!.users).toBe(5);
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    for (const plan of PLANS) expect(plan.features.length).toBeGreaterThanOrEqual(4);
  });

  it('billing: upgrade buttons go to the contact form with a subject', () => {
    const pro = PLANS.find((p) => p.id === 'pro')!;
    expect(pro.cta!.label).toBe('Upgrade to Pro');
    expect(contactPathWithSubject(pro.cta!.subject)).toBe('/contact?subject=Upgrade%20to%20Pro');
    expect(PLANS.find((p) => p.id === 'free')!.cta).toBeUndefined();
  });

  it('feature requests: the fixed list and the notice titles', () => {
    expect(REQUESTABLE_FEATURES).toEqual(['workflows', 'document_analysis', 'smart_queries', 'pitch_deck', 'folder_view']);

    const workflows = featureRequestNotice('workflows', 'added');
    expect(workflows).toMatchObject({ title: 'Under Construction', duration: 5000 });
    expect(featureRequestNotice('document_analysis', 'added').title).toBe('Coming Soon!');
    expect(featureRequestNotice('smart_queries', 'added').title).toBe('Coming Soon!');
    expect(featureRequestNotice('pitch_deck', 'added')).toMatchObject({ title: 'Feature In Progress!' });
    expect(featureRequestNotice('pitch_deck', 'added').duration).toBeUndefined();

    expect(featureRequestNotice('pitch_deck', 'added').description).toContain('added you to the list');
    expect(featureRequestNotice('pitch_deck', 'already').description).toBe(
      "You're already on the list for Pitch Deck. We'll let you know when it's ready.",
    );
    expect(featureRequestError('boom')).toEqual({ title: 'Error saving feature request', description: 'boom', variant: 'destructive' });
  });

  it('AI features has the two spec cards', () => {
    expect(AI_FEATURE_CARDS.map((c) => [c.title, c.button, c.feature])).toEqual([
      ['Document Analysis', 'Go to Analysis', 'document_analysis'],
      ['Smart Queries', 'Go to Query', 'smart_queries'],
    ]);
  });

  it('tools: three free tools (spec order and routes) and the in-app AI tools', () => {
    expect(FREE_TOOLS.map((t) => t.to)).toEqual(['/free-tools/headline-analyzer', '/free-tools/color-palette', '/free-tools/lorem-ipsum']);
    expect(AI_TOOLS.map((t) => [t.title, t.to])).toEqual([
      ['Offer Builder', '/prompt-stacks'],
      ['Document Generator', '/document-generator'],
      ['Prompt Stacks', '/prompts'],
      ['Recommended Prompts', '/recommended-prompts'],
      ['Startup Idea Generator', '/app-summary#startup-idea-generator'],
      ['Pitch Deck', '/pitch-deck'],
      ['Knowledge Base', '/knowledge-base'],
      ['File Manager', '/file-manager'],
    ]);
  });
});
