import { json, type ServiceHandler, type StackContext } from '../context.ts';
import { bearerToken } from '../jwt.ts';
import { checkToken } from './auth.ts';
import { push, roomOf, type Hub } from './hub.ts';
import { topicPolicies } from './policies.ts';

interface BroadcastMessage {
  private: boolean;
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
        messages = [
          {
            private: new URL(req.url).searchParams.get('private') === 'true',
            topic: decodeURIComponent(single[1]!),
            event: decodeURIComponent(single[2]!),
            payload: body,
          },
        ];
      } else {
        const body = (await req.json()) as { messages?: unknown };
        if (!Array.isArray(body.messages)) return json({ message: 'messages is required' }, 422);
        messages = body.messages.map((m: Record<string, unknown>) => ({
          private: m.private === true,
          topic: String(m.topic),
          event: String(m.event),
          payload: m.payload,
        }));
      }
    } catch {
      return json({ message: 'Invalid JSON body' }, 400);
    }
    for (const m of messages) {
      // A private message needs an INSERT policy on realtime.messages for its topic; otherwise it is dropped.
      if (m.private && !(await topicPolicies(ctx.db, m.topic, checked.role, checked.claims)).broadcast.write) continue;
      for (const member of hub.members(roomOf(`realtime:${m.topic}`, m.private)))
        push(member, 'broadcast', { type: 'broadcast', event: m.event, payload: m.payload });
    }
    return new Response(null, { status: 202 });
  };
}
