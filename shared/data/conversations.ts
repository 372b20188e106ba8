import { isUuid } from '../core/ids.ts';
import type { AnswerStatus, ConversationSource, Turn, TurnRole } from '../core/conversations/conversation.ts';
import { titleFrom } from '../core/conversations/conversation.ts';
import { webSourcesFrom } from '../core/webSearch.ts';
import { CONVERSATION_TEXTS } from '../core/conversations/texts.ts';
import type { Json, Tables } from './database.types.ts';
import { fail, invalid, notFound, ok, type DataResult } from './result.ts';
import { removeChatImages } from './conversationImages.ts';
import { asJson, type AppClient } from './supabase.ts';

/**
 * Conversations (tables conversations and conversation_messages, owner only; view_only reads):
 * a follow-up on any answer, the side panel's chat, questions to the knowledge base.
 *
 *   startConversation  a conversation with its first turns (e.g. a run's prompt and answer)
 *   appendTurns        the next turns, at the positions after the last one loaded
 *   replaceFrom        regenerate / edit and resend: turns from a position on are replaced
 *   getConversation · searchConversations (History) · renameConversation · setConversationModel
 *   deleteConversation
 */

export interface StoredTurn extends Turn {
  id: string;
  position: number;
  createdAt: string;
}

export interface ConversationSummary {
  id: string;
  title: string;
  source: ConversationSource;
  promptId: string | null;
  freePromptId: string | null;
  promptRunId: string | null;
  provider: string;
  model: string | null;
  createdAt: string;
  updatedAt: string;
  /** Number of messages. */
  turns: number;
}

export interface Conversation extends Omit<ConversationSummary, 'turns'> {
  context: Record<string, Json | undefined>;
  messages: StoredTurn[];
}

export interface NewConversation {
  title?: string;
  source: ConversationSource;
  provider: string;
  model: string | null;
  promptId?: string | null;
  freePromptId?: string | null;
  promptRunId?: string | null;
  context?: Record<string, Json>;
  turns: Turn[];
}

export const CONVERSATIONS_PAGE_SIZE = 20;

type ConversationRow = Tables<'conversations'>;
type MessageRow = Tables<'conversation_messages'>;

const CONVERSATION_COLUMNS =
  'id, title, source, prompt_id, free_prompt_id, prompt_run_id, provider, model, context, created_at, updated_at';
const MESSAGE_COLUMNS = 'id, position, role, content, provider, model, status, image_paths, web_sources, created_at';

const toTurn = (
  row: Pick<
    MessageRow,
    'id' | 'position' | 'role' | 'content' | 'provider' | 'model' | 'status' | 'image_paths' | 'web_sources' | 'created_at'
  >,
): StoredTurn => ({
  id: row.id,
  position: row.position,
  // role and status are text to the generated types; their check constraints hold them to these.
  role: row.role as TurnRole,
  content: row.content,
  provider: row.provider,
  model: row.model,
  status: row.status as AnswerStatus | null,
  ...(row.image_paths.length ? { imagePaths: row.image_paths } : {}),
  ...(webSourcesFrom(row.web_sources)?.length ? { webSources: webSourcesFrom(row.web_sources)! } : {}),
  createdAt: row.created_at,
});

const toSummary = (row: Omit<ConversationRow, 'user_id' | 'context'>, turns: number): ConversationSummary => ({
  id: row.id,
  title: row.title,
  source: row.source as ConversationSource,
  promptId: row.prompt_id,
  freePromptId: row.free_prompt_id,
  promptRunId: row.prompt_run_id,
  provider: row.provider,
  model: row.model,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  turns,
});

const messageRows = (conversationId: string, from: number, turns: readonly Turn[]) =>
  turns.map((turn, i) => ({
    conversation_id: conversationId,
    position: from + i,
    role: turn.role,
    content: turn.content,
    provider: turn.role === 'assistant' ? (turn.provider ?? null) : null,
    model: turn.role === 'assistant' ? (turn.model ?? null) : null,
    status: turn.role === 'assistant' ? (turn.status ?? 'done') : null,
    image_paths: turn.role === 'user' ? [...(turn.imagePaths ?? [])] : [],
    web_sources: turn.role === 'assistant' && turn.webSources?.length ? asJson(turn.webSources) : null,
  }));

function cleanTitle(title: string): string | null {
  const clean = title.replace(/\s+/g, ' ').trim().slice(0, 200);
  return clean || null;
}

/** A conversation with its first turns, stored together (one transaction): data is the conversation as stored. */
export async function startConversation(client: AppClient, conversation: NewConversation): Promise<DataResult<Conversation>> {
  const firstUser = conversation.turns.find((t) => t.role === 'user')?.content ?? '';
  const title = cleanTitle(conversation.title ?? '') ?? titleFrom(firstUser);
  const turns = messageRows('', 0, conversation.turns).map(({ role, content, provider, model, status, image_paths, web_sources }) => ({
    role,
    content,
    provider,
    model,
    status,
    image_paths,
    web_sources,
  }));
  // Absent, not null: the function's defaults stand for "none".
  const optional = <K extends string, V>(key: K, value: V | null | undefined) => (value == null ? {} : ({ [key]: value } as Record<K, V>));
  const { data: id, error } = await client.rpc('start_conversation', {
    title,
    source: conversation.source,
    provider: conversation.provider,
    turns,
    ...optional('model', conversation.model),
    ...optional('prompt_id', conversation.promptId),
    ...optional('free_prompt_id', conversation.freePromptId),
    ...optional('prompt_run_id', conversation.promptRunId),
    ...optional('context', conversation.context),
  });
  if (error) return fail(error);
  return getConversation(client, id);
}

/** Stores `turns` at positions `from`, `from + 1`, …; fails (unique position) if another tab got there first. */
export async function appendTurns(
  client: AppClient,
  conversationId: string,
  from: number,
  turns: readonly Turn[],
): Promise<DataResult<StoredTurn[]>> {
  if (!turns.length) return ok([]);
  const { data, error } = await client
    .from('conversation_messages')
    .insert(messageRows(conversationId, from, turns))
    .select(MESSAGE_COLUMNS);
  if (error) return fail(error);
  return ok(data.map(toTurn).sort((a, b) => a.position - b.position));
}

/** Regenerate or edit and resend: every turn at `from` or later is deleted, then `turns` stored from there. */
export async function replaceFrom(
  client: AppClient,
  conversationId: string,
  from: number,
  turns: readonly Turn[],
): Promise<DataResult<StoredTurn[]>> {
  const removed = await client
    .from('conversation_messages')
    .delete()
    .eq('conversation_id', conversationId)
    .gte('position', from)
    .select('image_paths');
  if (removed.error) return fail(removed.error);
  // A replaced question's images go with it, unless the new turns keep them.
  const kept = new Set(turns.flatMap((turn) => turn.imagePaths ?? []));
  await removeChatImages(
    client,
    removed.data.flatMap((row) => row.image_paths).filter((path) => !kept.has(path)),
  );
  return appendTurns(client, conversationId, from, turns);
}

export async function getConversation(client: AppClient, id: string): Promise<DataResult<Conversation>> {
  // An address that cannot be an id (a typo, a cut link) is not found, not a database error.
  if (!isUuid(id)) return notFound(CONVERSATION_TEXTS.notFound);
  const { data, error } = await client
    .from('conversations')
    .select(`${CONVERSATION_COLUMNS}, conversation_messages(${MESSAGE_COLUMNS})`)
    .eq('id', id)
    .maybeSingle();
  if (error) return fail(error);
  if (!data) return notFound(CONVERSATION_TEXTS.notFound);
  const messages = data.conversation_messages.map(toTurn).sort((a, b) => a.position - b.position);
  const { conversation_messages: _messages, ...row } = data;
  return ok({ ...toSummary(row, messages.length), context: row.context as Conversation['context'], messages });
}

/** History: the user's conversations whose title or any message contains `search`, newest first. */
export async function searchConversations(
  client: AppClient,
  { search = '', page = 1, pageSize = CONVERSATIONS_PAGE_SIZE }: { search?: string; page?: number; pageSize?: number } = {},
): Promise<DataResult<{ conversations: ConversationSummary[]; total: number }>> {
  const skip = (Math.max(1, Math.floor(page) || 1) - 1) * pageSize;
  const { data, error } = await client.rpc('search_conversations', { search, max_results: pageSize, skip });
  if (error) return fail(error);
  const rows = data ?? [];
  let total = rows[0]?.total ?? 0;
  // A page past the end has no row to carry the total: ask for the first page's.
  if (!rows.length && skip > 0) total = (await searchConversations(client, { search, pageSize })).data?.total ?? 0;
  return ok({ conversations: rows.map(({ total: _total, turns, ...row }) => toSummary(row, turns)), total });
}

export async function renameConversation(client: AppClient, id: string, title: string): Promise<DataResult<{ id: string; title: string }>> {
  const clean = cleanTitle(title);
  if (!clean) return invalid(CONVERSATION_TEXTS.titleRequired);
  const { data, error } = await client.from('conversations').update({ title: clean }).eq('id', id).select('id, title').maybeSingle();
  if (error) return fail(error);
  return data ? ok(data) : notFound(CONVERSATION_TEXTS.notFound);
}

/** The model the next answer uses (switching model mid-conversation). */
export async function setConversationModel(
  client: AppClient,
  id: string,
  provider: string,
  model: string | null,
): Promise<DataResult<void>> {
  const { error } = await client.from('conversations').update({ provider, model }).eq('id', id);
  return error ? fail(error) : ok();
}

/** data: whether a conversation was deleted (its messages go with it, and their images' files). */
export async function deleteConversation(client: AppClient, id: string): Promise<DataResult<boolean>> {
  const images = await client.from('conversation_messages').select('image_paths').eq('conversation_id', id);
  if (images.error) return fail(images.error);
  const { data, error } = await client.from('conversations').delete().eq('id', id).select('id');
  if (error) return fail(error);
  if (data.length > 0)
    await removeChatImages(
      client,
      images.data.flatMap((row) => row.image_paths),
    );
  return ok(data.length > 0);
}
