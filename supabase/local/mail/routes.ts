import { json, peerAddress, type ServiceHandler, type StackContext } from '../context.ts';
import type { MailMessage } from './mailbox.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The mail body shown in a sandboxed iframe (no scripts; links open in a new tab). */
function bodyFrame(message: MailMessage): string {
  const doc = `<base target="_blank">${message.html}`;
  return `<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(doc)}" title="${escapeHtml(message.subject)}"></iframe>`;
}

function page(messages: MailMessage[], to: string | undefined): string {
  const items = messages
    .map(
      (m) => `<article>
  <header>
    <h2>${escapeHtml(m.subject)}</h2>
    <p><strong>To:</strong> <a href="?to=${encodeURIComponent(m.to)}">${escapeHtml(m.to)}</a> · <strong>From:</strong> ${escapeHtml(m.from)} · <time datetime="${m.sentAt}">${escapeHtml(new Date(m.sentAt).toLocaleString())}</time></p>
  </header>
  ${bodyFrame(m)}
  <details><summary>Plain text</summary><pre>${escapeHtml(m.text)}</pre></details>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox · AI Vault local stack</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 860px; padding: 16px; color: #1f2937; background: #f9fafb; }
  h1 { font-size: 1.4rem; }
  article { background: #fff; border: 1px solid #e5e7eb; border-radius: 8px; padding: 12px 16px; margin: 16px 0; }
  article h2 { font-size: 1.1rem; margin: 0 0 4px; }
  article header p { margin: 0 0 8px; color: #4b5563; font-size: .9rem; }
  iframe { width: 100%; height: 340px; border: 1px solid #e5e7eb; border-radius: 6px; background: #fff; }
  pre { white-space: pre-wrap; word-break: break-all; background: #f3f4f6; padding: 8px; border-radius: 6px; }
  .bar { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
  .empty { color: #6b7280; }
  button { cursor: pointer; }
</style>
</head>
<body>
<h1>Mailbox</h1>
<div class="bar">
  <form method="get"><input name="to" type="email" placeholder="Filter by recipient" value="${escapeHtml(to ?? '')}"> <button>Filter</button> ${to ? '<a href="?">Show all</a>' : ''}</form>
  <form method="post" action="?clear=1"><button>Delete all mails</button></form>
  <a href="">Refresh</a>
</div>
<p>${messages.length} mail${messages.length === 1 ? '' : 's'}, newest first. Mails live in memory and are gone after a restart.</p>
${items || '<p class="empty">No mail yet. Sign up or reset a password in the app and the mail will show up here.</p>'}
</body>
</html>`;
}

/** /mail: a page listing the mails; JSON /mail/api/messages?to=…, /mail/api/latest?to=… and DELETE /mail/api/messages for tests. */
/** Loopback peers (and requests made inside the process): this machine. */
const isThisMachine = (address: string) => address === 'local' || address === '::1' || /^127\./.test(address);

export function createMailHandler(ctx: StackContext): ServiceHandler {
  return async (req, path) => {
    // Mails carry sign-in links and recovery codes: readable only from this machine, even when
    // the stack listens on another interface (STACK_HOST).
    if (!isThisMachine(peerAddress(req))) return json({ message: 'The mailbox can only be read from the machine the stack runs on.' }, 403);
    const url = new URL(req.url);
    const to = url.searchParams.get('to') || undefined;
    const route = path.length > 1 ? path.replace(/\/+$/, '') : path;
    if (route === '/api/messages') {
      if (req.method === 'DELETE') {
        ctx.mailbox.clear();
        return new Response(null, { status: 204 });
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return json({ message: 'Method not allowed' }, 405);
      return json(ctx.mailbox.list(to));
    }
    // What the Edge Functions send mail through: the HTTP API of Resend (POST /emails), so the same
    // code mails for real on hosted Supabase (RESEND_API_URL unset) and into this mailbox here.
    if (route === '/resend/emails' && req.method === 'POST') {
      if (req.headers.get('authorization') !== `Bearer ${ctx.config.serviceRoleKey}`)
        return json({ name: 'validation_error', message: 'API key is invalid' }, 401);
      const body = (await req.json().catch(() => null)) as {
        from?: string;
        to?: string | string[];
        subject?: string;
        html?: string;
        text?: string;
      } | null;
      const recipients = body
        ? (Array.isArray(body.to) ? body.to : [body.to]).filter((to): to is string => typeof to === 'string' && to.includes('@'))
        : [];
      if (!body?.subject || !recipients.length)
        return json({ name: 'validation_error', message: 'The `to` and `subject` fields are required.' }, 422);
      const sent = recipients.map((to) =>
        ctx.mailbox.send({ to, from: body.from, subject: body.subject!, html: body.html ?? '', text: body.text ?? '' }),
      );
      return json({ id: sent[0]!.id });
    }
    if (route === '/api/latest') {
      const latest = to ? ctx.mailbox.latest(to) : ctx.mailbox.list()[0];
      return latest ? json(latest) : json({ message: 'No mail for this address' }, 404);
    }
    if (route === '/' || route === '') {
      if (req.method === 'POST' && url.searchParams.get('clear') === '1') {
        ctx.mailbox.clear();
        return new Response(null, { status: 303, headers: { location: '/mail' } });
      }
      return new Response(page(ctx.mailbox.list(to), to), {
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
      });
    }
    return json({ message: 'Not found' }, 404);
  };
}
