import { randomUUID } from 'node:crypto';
import { checkToken } from './auth.ts';
import type { ChangeFeed } from './changes.ts';
import type { Database } from '../db/types.ts';
import { push, pushSystem, roomOf, send, type Connection, type Hub, type JoinedChannel } from './hub.ts';
import { topicPolicies, type TopicPolicies } from './policies.ts';
import { reply, type Message } from './protocol.ts';

export interface ChannelDeps {
  db: Database;
  hub: Hub;
  feed: ChangeFeed;
  jwtSecret: () => string;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export async function join(deps: ChannelDeps, conn: Connection, msg: Message): Promise<void> {
  const config = record(msg.payload.config);
  const broadcast = record(config.broadcast);
  const presence = record(config.presence);
  const token =
    typeof msg.payload.access_token === 'string' && !msg.payload.access_token.startsWith('sb_') ? msg.payload.access_token : conn.apikey;
  const checked = await checkToken(token, deps.jwtSecret());
  if (!checked.ok) {
    send(conn, reply(msg, 'error', { reason: `${checked.code}: ${checked.message}` }));
    return;
  }
  let policies: TopicPolicies | null = null;
  if (config.private === true) {
    const name = msg.topic.replace(/^realtime:/, '');
    policies = await topicPolicies(deps.db, name, checked.role, checked.claims);
    if (!policies.broadcast.read && !policies.presence.read) {
      send(conn, reply(msg, 'error', { reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${name}` }));
      return;
    }
  }
  const changes = await deps.feed.bind(Array.isArray(config.postgres_changes) ? config.postgres_changes : []);
  const previous = conn.channels.get(msg.topic);
  if (previous) close(deps, previous);
  const channel: JoinedChannel = {
    conn,
    topic: msg.topic,
    room: roomOf(msg.topic, policies !== null),
    policies,
    joinRef: msg.join_ref ?? msg.ref,
    selfBroadcast: broadcast.self === true,
    ack: broadcast.ack === true,
    presenceKey: typeof presence.key === 'string' && presence.key !== '' ? presence.key : randomUUID(),
    presenceEnabled: presence.enabled === true,
    presenceMeta: null,
    changes: changes.bindings,
    token,
    role: checked.role,
    claims: checked.claims,
    expiryTimer: null,
  };
  conn.channels.set(msg.topic, channel);
  deps.hub.add(channel);
  armExpiry(deps, channel);
  send(conn, reply(msg, 'ok', { postgres_changes: changes.reply }));
  if (channel.presenceEnabled) push(channel, 'presence_state', presenceState(deps.hub, channel.room));
  if (changes.error) pushSystem(channel, 'postgres_changes', 'error', changes.error);
  else if (changes.bindings.length > 0) pushSystem(channel, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL');
}

/** The hosted server re-checks the token and shuts the channel when it expires. */
function armExpiry(deps: ChannelDeps, channel: JoinedChannel): void {
  if (channel.expiryTimer) clearTimeout(channel.expiryTimer);
  const exp = typeof channel.claims.exp === 'number' ? channel.claims.exp : Infinity;
  const ms = Math.min(exp * 1000 - Date.now(), 2 ** 31 - 1);
  channel.expiryTimer = setTimeout(() => shutdown(deps, channel, 'Token has expired 0 seconds ago'), Math.max(ms, 0));
  channel.expiryTimer.unref();
}

/** The hosted shutdown: a system error message, then the channel closes. */
function shutdown(deps: ChannelDeps, channel: JoinedChannel, message: string): void {
  pushSystem(channel, 'system', 'error', message);
  push(channel, 'phx_close', {});
  close(deps, channel);
}

/** Forgets a channel; its presence, if any, leaves. */
export function close(deps: ChannelDeps, channel: JoinedChannel): void {
  if (channel.expiryTimer) clearTimeout(channel.expiryTimer);
  if (channel.conn.channels.get(channel.topic) === channel) channel.conn.channels.delete(channel.topic);
  deps.hub.remove(channel);
  if (channel.presenceMeta) presenceDiff(deps.hub, channel.room, {}, { [channel.presenceKey]: { metas: [channel.presenceMeta] } });
  channel.presenceMeta = null;
}

export async function accessToken(deps: ChannelDeps, channel: JoinedChannel, msg: Message): Promise<void> {
  const token = msg.payload.access_token;
  if (typeof token !== 'string' || token.startsWith('sb_') || token === channel.token) return;
  const checked = await checkToken(token, deps.jwtSecret());
  if (!checked.ok) {
    shutdown(deps, channel, checked.message);
    return;
  }
  channel.token = token;
  channel.role = checked.role;
  channel.claims = checked.claims;
  armExpiry(deps, channel);
}

export function broadcast(deps: ChannelDeps, channel: JoinedChannel, msg: Message): void {
  const payload = { type: 'broadcast', event: msg.payload.event, payload: msg.payload.payload };
  // Without write permission on a private channel the message goes nowhere, as on hosted Supabase.
  const allowed = !channel.policies || channel.policies.broadcast.write;
  for (const member of allowed ? deps.hub.members(channel.room) : []) {
    if (member === channel && !channel.selfBroadcast) continue;
    push(member, 'broadcast', payload);
  }
  if (channel.ack) send(channel.conn, reply(msg, 'ok'));
}

export function presence(deps: ChannelDeps, channel: JoinedChannel, msg: Message): void {
  const key = channel.presenceKey;
  if (channel.policies && !channel.policies.presence.write) {
    send(channel.conn, reply(msg, 'error', { reason: 'Unauthorized: You do not have permissions to write to this Channel topic' }));
    return;
  }
  const leaves = channel.presenceMeta ? { [key]: { metas: [channel.presenceMeta] } } : {};
  if (msg.payload.event === 'track') {
    channel.presenceMeta = { ...record(msg.payload.payload), phx_ref: randomUUID().replace(/-/g, '').slice(0, 20) };
    presenceDiff(deps.hub, channel.room, { [key]: { metas: [channel.presenceMeta] } }, leaves);
  } else if (msg.payload.event === 'untrack') {
    channel.presenceMeta = null;
    if (Object.keys(leaves).length > 0) presenceDiff(deps.hub, channel.room, {}, leaves);
  }
  send(channel.conn, reply(msg, 'ok'));
}

type PresenceMap = Record<string, { metas: Record<string, unknown>[] }>;

function presenceState(hub: Hub, room: string): PresenceMap {
  const state: PresenceMap = {};
  for (const member of hub.members(room)) {
    if (!member.presenceMeta) continue;
    (state[member.presenceKey] ??= { metas: [] }).metas.push(member.presenceMeta);
  }
  return state;
}

function presenceDiff(hub: Hub, room: string, joins: PresenceMap, leaves: PresenceMap): void {
  for (const member of hub.members(room)) push(member, 'presence_diff', { joins, leaves });
}
