import { describe, expect, it } from 'vitest';
import {
  CONTACT_LIMITS,
  DEFAULT_SUPPORT_EMAIL,
  hasContactErrors,
  isValidEmail,
  LEGAL_LAST_UPDATED,
  normalizeContact,
  subjectFromQuery,
  validateContact,
  type ContactInput,
} from '@/shared/core/contact.ts';
import { hostAppFor, mainSiteOrigin } from '@/shared/core/hosts.ts';

const valid: ContactInput = { name: 'Ada', email: 'ada@example.com', subject: 'Billing', message: 'Hello!' };

describe('contact form rules', () => {
  it('accepts a complete form', () => {
    expect(validateContact(valid)).toEqual({});
    expect(hasContactErrors(validateContact(valid))).toBe(false);
  });

  it('requires name, email, subject and message, each with its own error', () => {
    const errors = validateContact({ name: '', email: ' ', subject: '\n', message: '   ' });
    expect(errors).toEqual({
      name: 'Name is required.',
      email: 'Email is required.',
      subject: 'Subject is required.',
      message: 'Message is required.',
    });
    expect(hasContactErrors(errors)).toBe(true);
  });

  it('checks the e-mail shape (text, @, text, dot, text; no spaces)', () => {
    for (const bad of ['ada', 'ada@', 'ada@example', '@example.com', 'ada@example.', 'a da@example.com', 'ada@@example.com']) {
      expect(isValidEmail(bad), bad).toBe(false);
      expect(validateContact({ ...valid, email: bad }).email, bad).toBe('Please enter a valid email address.');
    }
    for (const good of ['ada@example.com', ' ada.lovelace+x@mail.example.co.uk ']) expect(isValidEmail(good), good).toBe(true);
  });

  it('caps each field at its limit (counted after trimming)', () => {
    for (const field of ['name', 'subject', 'message'] as const) {
      const limit = CONTACT_LIMITS[field];
      expect(validateContact({ ...valid, [field]: 'x'.repeat(limit) })[field]).toBeUndefined();
      expect(validateContact({ ...valid, [field]: `  ${'x'.repeat(limit)}  ` })[field]).toBeUndefined();
      expect(validateContact({ ...valid, [field]: 'x'.repeat(limit + 1) })[field]).toMatch(/must be at most/);
    }
    expect(validateContact({ ...valid, message: 'x'.repeat(5001) }).message).toBe('Message must be at most 5,000 characters.');
    const longEmail = `${'a'.repeat(250)}@ex.com`;
    expect(validateContact({ ...valid, email: longEmail }).email).toBe('Email must be at most 254 characters.');
  });

  it('trims what it stores', () => {
    expect(normalizeContact({ name: ' Ada ', email: ' a@b.co ', subject: ' Hi ', message: '\n line 1\nline 2 \n' })).toEqual({
      name: 'Ada',
      email: 'a@b.co',
      subject: 'Hi',
      message: 'line 1\nline 2',
    });
  });

  it('prefills the subject from ?subject=, on one line and within the limit', () => {
    expect(subjectFromQuery(null)).toBe('');
    expect(subjectFromQuery('  Upgrade to Pro ')).toBe('Upgrade to Pro');
    expect(subjectFromQuery('a\r\nb')).toBe('a b');
    expect(subjectFromQuery('x'.repeat(400))).toHaveLength(CONTACT_LIMITS.subject);
  });

  it('has the support default and the published legal date', () => {
    expect(DEFAULT_SUPPORT_EMAIL).toBe('support@aivault.app');
    expect(LEGAL_LAST_UPDATED).toBe('June 12, 2025');
  });
});

describe('feedback host → main site origin, whose /auth it signs in at', () => {
  it('uses VITE_MAIN_SITE_URL when set', () => {
    expect(mainSiteOrigin('http://feedback.aivault.test:4500', 'feedback.', 'https://app.example.com/')).toBe('https://app.example.com');
    expect(mainSiteOrigin('http://feedback.aivault.test', 'feedback.', '  ')).toBe('http://aivault.test');
  });

  it('otherwise strips the prefix from the current host, keeping scheme and port', () => {
    expect(mainSiteOrigin('http://feedback.aivault.test:4500', 'feedback.')).toBe('http://aivault.test:4500');
    expect(mainSiteOrigin('https://feedback.aivault.app', 'feedback.', undefined)).toBe('https://aivault.app');
    expect(mainSiteOrigin('https://FEEDBACK.AIVault.app', 'Feedback.')).toBe('https://aivault.app');
    expect(mainSiteOrigin('https://fb-aivault.app', 'fb-', null)).toBe('https://aivault.app');
  });

  it('leaves a host without the prefix as it is', () => {
    expect(mainSiteOrigin('http://127.0.0.1:4500', 'feedback.')).toBe('http://127.0.0.1:4500');
    expect(mainSiteOrigin('https://aivault.app', 'feedback.')).toBe('https://aivault.app');
    expect(mainSiteOrigin('https://aivault.app', '')).toBe('https://aivault.app');
  });

  it('agrees with hostAppFor: the stripped host serves the main app', () => {
    const origin = 'http://feedback.aivault.test:4500';
    expect(hostAppFor(new URL(origin).hostname)).toBe('feedback');
    expect(hostAppFor(new URL(mainSiteOrigin(origin, 'feedback.')).hostname)).toBe('main');
  });
});
