/** Phoenix channel messages on the wire: vsn 1.0.0 JSON objects, vsn 2.0.0 JSON arrays and binary broadcasts. */
export interface Message {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

export type Vsn = '1.0.0' | '2.0.0';

const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;
const JSON_ENCODING = 1;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function decode(data: Buffer, isBinary: boolean, vsn: Vsn): Message | null {
  if (isBinary) return decodeBroadcastPush(data);
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    return null;
  }
  if (vsn === '2.0.0' && Array.isArray(parsed)) {
    const [join_ref, ref, topic, event, payload] = parsed as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') return null;
    return { join_ref: str(join_ref), ref: str(ref), topic, event, payload: isRecord(payload) ? payload : {} };
  }
  if (!isRecord(parsed) || typeof parsed.topic !== 'string' || typeof parsed.event !== 'string') return null;
  return {
    join_ref: str(parsed.join_ref),
    ref: str(parsed.ref),
    topic: parsed.topic,
    event: parsed.event,
    payload: isRecord(parsed.payload) ? parsed.payload : {},
  };
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);

/**
 * realtime-js 2.x sends `broadcast` pushes as binary frames: kind, five lengths, encoding, then
 * join_ref, ref, topic, event, metadata (JSON) and the payload (JSON or raw bytes).
 */
function decodeBroadcastPush(data: Buffer): Message | null {
  if (data.length < 7 || data[0] !== USER_BROADCAST_PUSH) return null;
  const lengths = [data[1]!, data[2]!, data[3]!, data[4]!, data[5]!];
  const encoding = data[6]!;
  let offset = 7;
  const [joinRef, ref, topic, event, metadata] = lengths.map((length) => {
    const text = data.subarray(offset, offset + length).toString('utf8');
    offset += length;
    return text;
  }) as [string, string, string, string, string];
  const body = data.subarray(offset);
  let userPayload: unknown;
  try {
    userPayload = encoding === JSON_ENCODING ? JSON.parse(body.toString('utf8')) : Buffer.from(body);
  } catch {
    return null;
  }
  const meta: unknown = metadata ? JSON.parse(metadata) : {};
  return {
    join_ref: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { ...(isRecord(meta) ? meta : {}), type: 'broadcast', event, payload: userPayload },
  };
}

export function encode(message: Message, vsn: Vsn): string | Buffer {
  if (vsn === '2.0.0' && message.event === 'broadcast' && typeof message.payload.event === 'string') {
    return encodeBroadcast(message.topic, message.payload.event, message.payload.payload);
  }
  if (vsn === '2.0.0') return JSON.stringify([message.join_ref, message.ref, message.topic, message.event, message.payload]);
  return JSON.stringify(message);
}

/** The binary broadcast frame vsn 2.0.0 clients decode: kind 4, lengths, encoding, topic, event, payload. */
function encodeBroadcast(topic: string, event: string, payload: unknown): Buffer {
  const binary = Buffer.isBuffer(payload);
  const head = Buffer.from([USER_BROADCAST, Buffer.byteLength(topic), Buffer.byteLength(event), 0, binary ? 0 : JSON_ENCODING]);
  const body = binary ? payload : Buffer.from(JSON.stringify(payload ?? {}));
  return Buffer.concat([head, Buffer.from(topic), Buffer.from(event), body]);
}

export const reply = (msg: Message, status: 'ok' | 'error', response: Record<string, unknown> = {}): Message => ({
  join_ref: msg.join_ref,
  ref: msg.ref,
  topic: msg.topic,
  event: 'phx_reply',
  payload: { status, response },
});
