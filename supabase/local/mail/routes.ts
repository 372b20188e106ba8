import { json, type ServiceHandler, type StackContext } from '../context.ts';

/** /mail: a page listing the mails; /mail/api/latest?to=… and /mail/api/messages?to=… for tests. */
export function createMailHandler(ctx: StackContext): ServiceHandler {
  return async (req, path) => {
    const to = new URL(req.url).searchParams.get('to') ?? undefined;
    if (path === '/api/messages') return json(ctx.mailbox.list(to));
    if (path === '/api/latest') {
      const latest = to ? ctx.mailbox.latest(to) : ctx.mailbox.list()[0];
      return latest ? json(latest) : json({ message: 'No mail for this address' }, 404);
    }
    if (path === '/api/messages' && req.method === 'DELETE') {
      ctx.mailbox.clear();
      return new Response(null, { status: 204 });
    }
    return new Response('<!doctype html><title>Mailbox</title><p>Mailbox UI pending</p>', { headers: { 'content-type': 'text/html' } });
  };
}
