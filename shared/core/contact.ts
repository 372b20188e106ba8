/**
 * Support, contact form and legal pages.
 * Pure: no browser, React or Supabase imports.
 */

/** The support address shown by the floating dialog and /support; a build may override it (VITE_SUPPORT_EMAIL). */
export const DEFAULT_SUPPORT_EMAIL = 'support@aivault.app';

/** Both legal pages. */
export const LEGAL_LAST_UPDATED = 'June 12, 2025';

/** Limits of the contact form; the database checks the same numbers (contact_messages). */
export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  subject: 150,
  message: 5000,
} as const;

export type ContactField = keyof typeof CONTACT_LIMITS;
export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'subject', 'message'];

export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type ContactErrors = Partial<Record<ContactField, string>>;

const CONTACT_LABELS: Record<ContactField, string> = {
  name: 'Name',
  email: 'Email',
  subject: 'Subject',
  message: 'Message',
};

/** The same simple shape as the other e-mail checks (text, @, text, dot, text), without spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isValidEmail = (email: string): boolean => EMAIL_PATTERN.test(email.trim());

/** Trims every field (the message keeps its inner line breaks). */
export function normalizeContact(input: ContactInput): ContactInput {
  return {
    name: input.name.trim(),
    email: input.email.trim(),
    subject: input.subject.trim(),
    message: input.message.trim(),
  };
}

/**
 * Per-field errors of the contact form; an empty object means the form may be sent.
 * All four fields are required, the e-mail must look like one, and each field has
 * a maximum length.
 */
export function validateContact(input: ContactInput): ContactErrors {
  const values = normalizeContact(input);
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) {
    const value = values[field];
    const label = CONTACT_LABELS[field];
    if (value.length === 0) errors[field] = `${label} is required.`;
    else if (value.length > CONTACT_LIMITS[field]) {
      errors[field] = `${label} must be at most ${CONTACT_LIMITS[field].toLocaleString('en-US')} characters.`;
    }
  }
  if (!errors.email && !isValidEmail(values.email)) errors.email = 'Please enter a valid email address.';
  return errors;
}

export const hasContactErrors = (errors: ContactErrors): boolean => Object.keys(errors).length > 0;

/** The `?subject=` prefill (the billing page links here), cut to the field's limit. */
export function subjectFromQuery(value: string | null | undefined): string {
  return (value ?? '')
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .slice(0, CONTACT_LIMITS.subject);
}

export const CONTACT_SENT = {
  title: 'Message Sent!',
  description: "Thanks for reaching out. We've received your message and will reply by e-mail.",
} as const;

export const CONTACT_FAILED_TITLE = 'Message Not Sent';

/** Short FAQ shown on /support and in the floating dialog. */
export const SUPPORT_FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'Do I need my own AI key?',
    answer:
      'Yes. AI Vault is bring-your-own-key: add your provider key in Settings. Requests go straight from your browser to your provider, and usage is billed by them.',
  },
  {
    question: 'Where is my API key stored?',
    answer:
      'In your browser, and — when you are signed in — synced to your account so it is available on your other devices and in the extension. You can clear it at any time in Settings.',
  },
  {
    question: 'I did not get the confirmation or reset e-mail.',
    answer: 'Check your spam folder and wait a few minutes. You can request a new reset link from the sign-in page.',
  },
  {
    question: 'How do I report a bug or request a feature?',
    answer: 'Use the contact form or write to the support address with what you did, what you expected and what happened.',
  },
];
