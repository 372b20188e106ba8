/**
 * The typed message map between extension contexts (popup, side panel, background, content
 * scripts). One map: each message type names its request payload and its response.
 * No browser imports here: callers pass their own transport (runtime.sendMessage, tabs.sendMessage).
 */

export interface MessageMap {
  /** Background health check: answers with its status. */
  'app:status': { request: undefined; response: { ok: true; version: string } };
  /** Content script: the text currently selected on the page. */
  'page:getSelection': { request: undefined; response: { text: string } };
}

export type MessageType = keyof MessageMap;
export type MessageRequest<K extends MessageType> = MessageMap[K]['request'];
export type MessageResponse<K extends MessageType> = MessageMap[K]['response'];

export interface Message<K extends MessageType = MessageType> {
  type: K;
  payload: MessageRequest<K>;
}

export const MESSAGE_TYPES: readonly MessageType[] = ['app:status', 'page:getSelection'];

export function createMessage<K extends MessageType>(type: K, payload: MessageRequest<K>): Message<K> {
  return { type, payload };
}

/** Narrows an unknown runtime message to one of ours (optionally of one type). */
export function isMessage<K extends MessageType>(value: unknown, type?: K): value is Message<K> {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = (value as { type?: unknown }).type;
  if (typeof candidate !== 'string') return false;
  return type ? candidate === type : (MESSAGE_TYPES as readonly string[]).includes(candidate);
}

/** A transport that delivers one message and resolves to the receiver's answer. */
export type Transport = (message: Message) => Promise<unknown>;

/** Sends a typed message over a transport and types the answer. */
export async function sendTyped<K extends MessageType>(
  transport: Transport,
  type: K,
  payload: MessageRequest<K>,
): Promise<MessageResponse<K>> {
  return (await transport(createMessage(type, payload))) as MessageResponse<K>;
}
