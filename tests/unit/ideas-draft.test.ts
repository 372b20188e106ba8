// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_STORAGE_KEY, EMPTY_DRAFT, readDraft, writeDraft, type IdeaDraft } from '@/web/pages/ideas/ideaDraft.ts';

/** The generator's draft in sessionStorage: what survives a reload and the sign-in round trip. */

const idea = {
  name: 'PantryPal',
  description: 'Meal plans from what is in your pantry.',
  market: 'Home cooks',
  targetUsers: 'Busy families',
  revenue: 'Subscription',
  competitors: ['Mealime'],
  weaknesses: ['Data entry'],
  businessPlan: { executive: 'Cut waste.', market: 'Grocers.', solution: 'Scanning.' },
};
const draft: IdeaDraft = { interest: 'cooking', idea, ideaFor: 'cooking', shownNames: ['PantryPal'], savedId: null, saveAfterSignIn: true };

afterEach(() => {
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('idea draft', () => {
  it('round-trips through sessionStorage', () => {
    expect(readDraft()).toEqual(EMPTY_DRAFT);
    writeDraft(draft);
    expect(JSON.parse(window.sessionStorage.getItem(DRAFT_STORAGE_KEY)!)).toEqual(draft);
    expect(readDraft()).toEqual(draft);
  });

  it('ignores unreadable or tampered drafts', () => {
    window.sessionStorage.setItem(DRAFT_STORAGE_KEY, '{not json');
    expect(readDraft()).toEqual(EMPTY_DRAFT);
    window.sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ ...draft, idea: { ...idea, competitors: [] } }));
    expect(readDraft()).toEqual(EMPTY_DRAFT);
    window.sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ interest: 'x' }));
    expect(readDraft()).toEqual(EMPTY_DRAFT);
  });

  it('keeps working when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => writeDraft(draft)).not.toThrow();
    expect(readDraft()).toEqual(EMPTY_DRAFT);
  });
});
