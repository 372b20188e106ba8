import { randomUUID } from 'node:crypto';

export interface MailMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  /** ISO timestamp. */
  sentAt: string;
}

/**
 * The local inbox (like the CLI's Inbucket): every mail the stack "sends" lands here.
 * Kept in memory; a restart empties it, as links in old mails would be stale anyway.
 */
export class Mailbox {
  private readonly messages: MailMessage[] = [];
  private readonly limit: number;

  constructor(limit = 1000) {
    this.limit = limit;
  }

  send(message: Omit<MailMessage, 'id' | 'sentAt' | 'from'> & { from?: string }): MailMessage {
    const stored: MailMessage = {
      id: randomUUID(),
      from: message.from ?? 'AI Vault <noreply@ai-vault.local>',
      sentAt: new Date().toISOString(),
      to: message.to.toLowerCase(),
      subject: message.subject,
      html: message.html,
      text: message.text,
    };
    this.messages.push(stored);
    if (this.messages.length > this.limit) this.messages.shift();
    return stored;
  }

  /** Newest first; only mails to `to` when given. */
  list(to?: string): MailMessage[] {
    const wanted = to?.toLowerCase();
    return this.messages.filter((m) => !wanted || m.to === wanted).reverse();
  }

  latest(to: string): MailMessage | undefined {
    return this.list(to)[0];
  }

  clear(): void {
    this.messages.length = 0;
  }
}
