import { json, type ServiceHandler, type StackContext } from '../context.ts';
import { bearerToken } from '../jwt.ts';
import { checkToken } from './auth.ts';
import { push, type Hub } from './hub.ts';

interface BroadcastMessage {
  topic: string;
  event: string;
  payload: unknown;
}

/**
 * POST /api/broadcast {messages: [{topic, event, payload, private?}]} and
 * POST /api/broadcast/:topic/events/:event (realtime-js httpSend): 202 with no body.
 */
export function createBroadcastApi(ctx: StackContext, hub: Hub): ServiceHandler {
  return async (req, path) => {
    const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)$/.exec(path);
    if (req.method !== 'POST' || (path !== '/api/broadcast' && !single))
      return json({ message: 'no Route matched with those values' }, 404);
    const token = bearerToken(req) ?? req.headers.get('apikey') ?? '';
    const checked = await checkToken(token, ctx.config.jwtSecret);
    if (!checked.ok) return json({ message: checked.message }, 401);
    let messages: BroadcastMessage[];
    try {
      if (single) {
        const body: unknown = req.headers.get('content-type')?.includes('application/octet-stream')
          ? Buffer.from(await req.arrayBuffer())
          : await req.json();
        messages = [{ topic: decodeURIComponent(single[1]!), event: decodeURIComponent(single[2]!), payload: body }];
      } else {
        const body = (await req.json()) as { messages?: unknown };
        if (!Array.isArray(body.messages)) return json({ message: 'messages is required' }, 422);
        messages = body.messages.map((m: Record<string, unknown>) => ({
          topic: String(m.topic),
          event: String(m.event),
          payload: m.payload,
        }));
        if (body.messages.some((m: Record<string, unknown>) => m.private === true)) {
          return json({ message: 'Private channels are not available on the local stack' }, 422);
        }
      }
    } catch {
      return json({ message: 'Invalid JSON body' }, 400);
    }
    for (const m of messages) {
      for (const member of hub.members(`realtime:${m.topic}`))
        push(member, 'broadcast', { type: 'broadcast', event: m.event, payload: m.payload });
    }
    return new Response(null, { status: 202 });
  };
}
