import type { WebSocket } from 'ws';
import type { JwtClaims } from '../jwt.ts';
import type { ChangeFilter } from './filters.ts';
import type { TopicPolicies } from './policies.ts';
import { encode, type Message, type Vsn } from './protocol.ts';

/** One postgres_changes binding of a channel, with the id the join reply gives it. */
export interface ChangeBinding {
  id: number;
  event: string;
  schema: string;
  table: string;
  filter: ChangeFilter | null;
}

export interface Connection {
  ws: WebSocket;
  vsn: Vsn;
  apikey: string;
  channels: Map<string, JoinedChannel>;
}

export interface JoinedChannel {
  conn: Connection;
  topic: string;
  /** Private and public channels of the same name are different rooms, as on hosted Supabase. */
  room: string;
  /** What the realtime.messages policies allow on a private channel; null for a public one. */
  policies: TopicPolicies | null;
  joinRef: string | null;
  selfBroadcast: boolean;
  ack: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  presenceMeta: Record<string, unknown> | null;
  changes: ChangeBinding[];
  token: string;
  role: string;
  claims: JwtClaims;
  expiryTimer: NodeJS.Timeout | null;
}

/** The hub's room for a topic ("realtime:<name>"). */
export const roomOf = (topic: string, isPrivate: boolean): string => (isPrivate ? `private:${topic}` : topic);

/** Who is joined to which topic: broadcast, presence and changes fan out from here. */
export class Hub {
  readonly topics = new Map<string, Set<JoinedChannel>>();

  add(channel: JoinedChannel): void {
    let set = this.topics.get(channel.room);
    if (!set) this.topics.set(channel.room, (set = new Set()));
    set.add(channel);
  }

  remove(channel: JoinedChannel): void {
    const set = this.topics.get(channel.room);
    set?.delete(channel);
    if (set?.size === 0) this.topics.delete(channel.room);
  }

  members(room: string): JoinedChannel[] {
    return [...(this.topics.get(room) ?? [])];
  }

  *all(): Iterable<JoinedChannel> {
    for (const set of this.topics.values()) yield* set;
  }
}

export function send(conn: Connection, message: Message): void {
  if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(encode(message, conn.vsn));
}

/** A message the server pushes on a joined channel (no ref). */
export function push(channel: JoinedChannel, event: string, payload: Record<string, unknown>): void {
  send(channel.conn, { join_ref: channel.joinRef, ref: null, topic: channel.topic, event, payload });
}

/** The server-side message realtime-js shows as a `system` event. */
export function pushSystem(channel: JoinedChannel, extension: string, status: 'ok' | 'error', message: string): void {
  push(channel, 'system', { extension, status, message, channel: channel.topic.replace(/^realtime:/, '') });
}
