import type { MailKind } from '../mail.ts';
import { SCHEDULE_TEXTS } from './scheduleTexts.ts';
import { escapeHtml } from '../text.ts';

/**
 * The e-mail a scheduled run sends its owner: the result (with the start of its text), the
 * failure with its error, the pause with what to do, or the run a budget stopped. Plain text and HTML; pure.
 */

export type ScheduledRunMailInput =
  | { kind: 'done'; workflowName: string; runLink: string; documentName: string; documentsLink: string; output: string }
  | { kind: 'failed'; workflowName: string; runLink: string | null; error: string }
  | { kind: 'budget'; workflowName: string; runLink: string | null; reason: string; usageLink: string }
  | { kind: 'paused'; workflowName: string; runLink: string | null; workflowLink: string; reason: string };

/** How much of the result the mail shows (the whole of it is in the document). */
const SUMMARY_CHARS = 600;

/** The start of the result, cut at a word, with an ellipsis when there is more. */
function summaryOf(output: string): string {
  const text = output.trim();
  if (text.length <= SUMMARY_CHARS) return text;
  const cut = text.slice(0, SUMMARY_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > SUMMARY_CHARS * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display: inline-block; padding: 10px 18px; background: #4f46e5; color: #fff; border-radius: 6px; text-decoration: none">${escapeHtml(label)}</a></p>`;

export function scheduledRunMail(input: ScheduledRunMailInput): { kind: MailKind; subject: string; html: string; text: string } {
  const name = input.workflowName;
  let subject: string;
  const paragraphs: string[] = [];
  const links: { href: string; label: string }[] = [];
  let quote: string | null = null;
  if (input.kind === 'done') {
    subject = SCHEDULE_TEXTS.mailDoneSubject(name);
    paragraphs.push(SCHEDULE_TEXTS.mailDoneIntro(name), SCHEDULE_TEXTS.mailDocument(input.documentName));
    quote = summaryOf(input.output);
    links.push(
      { href: input.runLink, label: SCHEDULE_TEXTS.mailOpenRun },
      { href: input.documentsLink, label: SCHEDULE_TEXTS.mailOpenDocuments },
    );
  } else if (input.kind === 'failed') {
    subject = SCHEDULE_TEXTS.mailFailedSubject(name);
    paragraphs.push(SCHEDULE_TEXTS.mailFailedIntro(name), SCHEDULE_TEXTS.mailError(input.error));
    if (input.runLink) links.push({ href: input.runLink, label: SCHEDULE_TEXTS.mailOpenRun });
  } else if (input.kind === 'budget') {
    subject = SCHEDULE_TEXTS.mailBudgetSubject(name);
    paragraphs.push(SCHEDULE_TEXTS.mailBudgetIntro(name), input.reason);
    links.push({ href: input.usageLink, label: SCHEDULE_TEXTS.mailOpenUsage });
    if (input.runLink) links.push({ href: input.runLink, label: SCHEDULE_TEXTS.mailOpenRun });
  } else {
    subject = SCHEDULE_TEXTS.mailPausedSubject(name);
    paragraphs.push(SCHEDULE_TEXTS.mailPausedIntro(name), `${input.reason} ${SCHEDULE_TEXTS.resumeHint}`);
    links.push({ href: input.workflowLink, label: SCHEDULE_TEXTS.mailOpenWorkflow });
    if (input.runLink) links.push({ href: input.runLink, label: SCHEDULE_TEXTS.mailOpenRun });
  }
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #1f2937; max-width: 560px; margin: 0 auto; padding: 24px">
<h2 style="margin-top: 0">AI Vault</h2>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${quote ? `<blockquote style="margin: 0 0 16px; padding: 8px 12px; border-left: 3px solid #c7d2fe; color: #374151; white-space: pre-wrap">${escapeHtml(quote)}</blockquote>\n` : ''}${links.map((l) => button(l.href, l.label)).join('\n')}
</body></html>`;
  const text = ['AI Vault', '', ...paragraphs, ...(quote ? ['', quote] : []), '', ...links.map((l) => `${l.label}: ${l.href}`), ''].join(
    '\n',
  );
  return { kind: 'schedule_result', subject, html, text };
}
