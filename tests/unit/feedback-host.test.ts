import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_SIGN_IN_PATH,
  feedbackHostOrigin,
  feedbackSignInUrl,
  feedbackTokenUrl,
  readFeedbackToken,
  safeFeedbackReturn,
} from '@/shared/core/hosts.ts';
import { safeNextPath } from '@/shared/core/routes.ts';

/** Signing in to the feedback host through the main site: return address, token in the fragment. */
describe('feedback host sign-in round trip', () => {
  const feedback = 'http://feedback.aivault.test:4500';

  it('the main site knows the feedback host: the prefix before its own host, or the configured URL', () => {
    expect(feedbackHostOrigin('http://aivault.test:4500', 'feedback.')).toBe(feedback);
    expect(feedbackHostOrigin('https://aivault.app', 'Feedback.')).toBe('https://feedback.aivault.app');
    expect(feedbackHostOrigin('https://app.example.com', 'feedback.', 'https://feedback.example.com/board/')).toBe(
      'https://feedback.example.com',
    );
    expect(feedbackHostOrigin('https://aivault.app', '  ')).toBeNull();
    expect(feedbackHostOrigin('https://aivault.app', 'feedback.', 'not a url')).toBeNull();
  });

  it('accepts only the feedback host as a return address (no open redirect); drops a fragment', () => {
    expect(safeFeedbackReturn(`${feedback}/`, feedback)).toBe(`${feedback}/`);
    expect(safeFeedbackReturn(`${feedback}/board?x=1#old`, feedback)).toBe(`${feedback}/board?x=1`);
    expect(safeFeedbackReturn('HTTP://FEEDBACK.AIVAULT.TEST:4500/', feedback)).toBe(`${feedback}/`);
    for (const bad of [
      'https://evil.example/',
      'http://feedback.aivault.test.evil.example:4500/',
      'http://feedback.aivault.test:4501/',
      'https://feedback.aivault.test:4500/',
      'http://user:pass@feedback.aivault.test:4500/',
      'javascript:alert(1)',
      '//feedback.aivault.test:4500/',
      '/dashboard',
      '',
      null,
    ]) {
      expect(safeFeedbackReturn(bad, feedback), String(bad)).toBeNull();
    }
    expect(safeFeedbackReturn(`${feedback}/`, null)).toBeNull();
  });

  it('sends the visitor to the main site login, whose next comes back through the hand-back page', () => {
    const url = new URL(feedbackSignInUrl('http://aivault.test:4500/', `${feedback}/`));
    expect(`${url.origin}${url.pathname}`).toBe('http://aivault.test:4500/auth');
    expect(url.searchParams.get('mode')).toBe('signin');
    const next = url.searchParams.get('next');
    expect(safeNextPath(next)).toBe(next);
    const back = new URL(next!, url.origin);
    expect(back.pathname).toBe(FEEDBACK_SIGN_IN_PATH);
    expect(back.searchParams.get('return_to')).toBe(`${feedback}/`);
  });

  it('the token rides in the fragment and reads back', () => {
    const url = feedbackTokenUrl(`${feedback}/board?x=1`, { tokenHash: 'abc123', email: 'a@example.com' });
    expect(url).toBe(`${feedback}/board?x=1#token_hash=abc123&email=a%40example.com`);
    expect(readFeedbackToken(new URL(url).hash)).toEqual({ tokenHash: 'abc123', email: 'a@example.com' });
    expect(readFeedbackToken('#email=a%40example.com')).toBeNull();
    expect(readFeedbackToken(`#token_hash=${'x'.repeat(600)}`)).toBeNull();
    expect(readFeedbackToken('')).toBeNull();
  });
});
