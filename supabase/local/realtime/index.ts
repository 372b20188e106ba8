import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ServiceHandler, StackContext } from '../context.ts';
import { accessToken, broadcast, close, join, presence, type ChannelDeps } from './channel.ts';
import { ChangeFeed } from './changes.ts';
import { createBroadcastApi } from './http.ts';
import { Hub, send, type Connection } from './hub.ts';
import { decode, reply, type Message, type Vsn } from './protocol.ts';

export interface Realtime {
  /** HTTP routes under /realtime/v1 (the broadcast API). */
  handler: ServiceHandler;
  /** The server's 'upgrade' event: takes /realtime/v1/websocket, refuses anything else. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

function refuse(socket: Duplex, status: number, body: Record<string, string>): void {
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${status === 404 ? 'Not Found' : 'Unauthorized'}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
  );
}

export async function createRealtime(ctx: StackContext): Promise<Realtime> {
  const hub = new Hub();
  const feed = new ChangeFeed(ctx.db, hub);
  await feed.start();
  const deps: ChannelDeps = { db: ctx.db, hub, feed, jwtSecret: () => ctx.config.jwtSecret };
  const wss = new WebSocketServer({ noServer: true, maxPayload: 3 * 1024 * 1024 });
  const connections = new Set<Connection>();

  async function onMessage(conn: Connection, msg: Message): Promise<void> {
    if (msg.topic === 'phoenix') {
      if (msg.event === 'heartbeat') send(conn, reply(msg, 'ok'));
      return;
    }
    if (msg.event === 'phx_join') return join(deps, conn, msg);
    const channel = conn.channels.get(msg.topic);
    if (!channel) {
      send(conn, reply(msg, 'error', { reason: 'unmatched topic' }));
      return;
    }
    switch (msg.event) {
      case 'phx_leave':
        close(deps, channel);
        send(conn, reply(msg, 'ok'));
        return;
      case 'access_token':
        return accessToken(deps, channel, msg);
      case 'broadcast':
        return broadcast(deps, channel, msg);
      case 'presence':
        return presence(deps, channel, msg);
      default:
        send(conn, reply(msg, 'ok'));
    }
  }

  function onConnection(ws: WebSocket, vsn: Vsn, apikey: string): void {
    const conn: Connection = { ws, vsn, apikey, channels: new Map() };
    connections.add(conn);
    // One message at a time per socket, so a join finishes before the pushes that follow it.
    let queue = Promise.resolve();
    ws.on('message', (data, isBinary) => {
      const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      const msg = decode(buffer, isBinary, vsn);
      if (!msg) return;
      queue = queue.then(() => onMessage(conn, msg)).catch((error: unknown) => console.error('[realtime]', error));
    });
    ws.on('close', () => {
      connections.delete(conn);
      for (const channel of [...conn.channels.values()]) close(deps, channel);
    });
    ws.on('error', () => ws.terminate());
  }

  const validKeys = () => new Set([ctx.config.anonKey, ctx.config.serviceRoleKey]);

  return {
    handler: createBroadcastApi(ctx, hub),
    upgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://local');
      if (url.pathname !== '/realtime/v1/websocket' && url.pathname !== '/realtime/v1/websocket/') {
        refuse(socket, 404, { message: 'no Route matched with those values' });
        return;
      }
      const apikey = url.searchParams.get('apikey') ?? (typeof req.headers.apikey === 'string' ? req.headers.apikey : null);
      if (!apikey) {
        refuse(socket, 401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
        return;
      }
      if (!validKeys().has(apikey)) {
        refuse(socket, 401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
        return;
      }
      const vsn: Vsn = url.searchParams.get('vsn') === '2.0.0' ? '2.0.0' : '1.0.0';
      wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, vsn, apikey));
    },
    async close() {
      for (const conn of connections) conn.ws.terminate();
      connections.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await feed.stop();
    },
  };
}
