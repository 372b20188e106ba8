import { useRef, useState } from 'react';
import type { ChatImage } from '@/shared/ai/vision.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { streamText } from '@/shared/ai/chat.ts';
import type { ProviderTarget } from '@/shared/ai/providers.ts';
import { contextWindowFor, estimateTokens } from '@/shared/core/conversations/budget.ts';
import { keepForEdit, keepForRegenerate, lastIndexOf, type Turn } from '@/shared/core/conversations/conversation.ts';
import { fitWithPage, type PageChatContext } from '@/shared/core/conversations/pageChat.ts';
import { CONVERSATION_TEXTS } from '@/shared/core/conversations/texts.ts';
import { groundedTask, type KnowledgePassage } from '@/shared/core/knowledge/grounding.ts';
import { searchesNatively, WEB_SEARCH_TEXTS, webGroundedTask, type WebSearchPath } from '@/shared/core/webSearch.ts';
import { keepChatImages } from '@/shared/data/conversationImages.ts';
import * as store from '@/shared/data/conversations.ts';
import type { DataResult } from '@/shared/data/result.ts';
import type { UsageRow, UsageSubject } from '@/shared/core/usage/ledger.ts';
import type { AppClient } from '@/shared/data/supabase.ts';
import { useAiRun, type AiRun } from '../ai/useAiRun.ts';
import { useNotify } from '../notices.tsx';
import { useUsageFor } from '../usage/UsageContext.tsx';
import type { WebSearchChoice } from '../webSearch/useWebSearchChoice.ts';
import { conversationQueries } from '../queries/conversations.ts';
import { queryKeys } from '../queryKeys.ts';

/** Where a conversation starts when it is not stored yet: what was on screen before the first follow-up. */
export type ConversationSeed = Omit<store.NewConversation, 'provider' | 'model'>;

export interface SendTarget {
  target: ProviderTarget;
  model: string;
}

export interface ConversationState {
  /** The stored conversation's id, once the first follow-up made one. */
  id: string | null;
  title: string;
  /** The turns to show: every turn so far (the seed's until the conversation is stored); while an answer is written, those before its question. */
  turns: Turn[];
  /** The question being answered right now (shown above the streaming answer). */
  asking: string | null;
  /** The answer being written (its text while `asking` is set), and the last failure. */
  run: AiRun;
  /** How many earlier messages the last request left out to fit the model's window. */
  dropped: number;
  /** The knowledge-base passages sent with the latest answer's question (null: none were looked for). */
  sources: { answerIndex: number; passages: KnowledgePassage[] } | null;
  busy: boolean;
  /** Each answer's usage-ledger row (tokens, cost), by its index in `turns`, for answers written on this screen. */
  usage: Readonly<Record<number, UsageRow>>;
  /** The service that searched the web for an answer written on this screen, by the answer's index. */
  webSearchedWith: Readonly<Record<number, WebSearchPath>>;
  /** Where each kept question image shows (its signed address), by file name; empty while read. */
  imageUrls: Readonly<Record<string, string>>;
  /** Each resolves true when an answer (even a partial one) was added, false when nothing was. */
  /** `images` go to the model with this question only (later answers get its text); they are kept with the question when `userId` is given. */
  send(text: string, to: SendTarget, images?: readonly ChatImage[]): Promise<boolean>;
  regenerate(to: SendTarget): Promise<boolean>;
  editLast(text: string, to: SendTarget): Promise<boolean>;
  stop(): void;
}

/** An answer to write: the turns before its question, the question, and the first position to (re)store. */
type Plan = { keep: Turn[]; question: Turn; storeFrom: number; storeQuestion: boolean; images?: readonly ChatImage[] };

/**
 * A conversation on any screen: follow-ups, regenerate, edit and resend, each answer streamed
 * with the context budget applied, then stored (the conversation is created with the seed's turns
 * at the first follow-up). A failed save keeps everything on screen and says so.
 */
export function useConversation({
  client,
  seed,
  loaded,
  page = null,
  ground,
  userId = null,
  web,
}: {
  client: () => Promise<AppClient>;
  /** The signed-in user: a question's images are kept in their folder (none: the images are not kept). */
  userId?: string | null;
  /** The "Search the web" switch: on, each question goes with numbered web sources, kept with its answer. */
  web?: WebSearchChoice;
  /** The turns on screen before the first follow-up, and what the conversation starts from. */
  seed: ConversationSeed | null;
  /** A stored conversation being continued. */
  loaded?: store.Conversation;
  /** A web page the conversation is about: sent before the turns on every answer, within the budget. */
  page?: PageChatContext | null;
  /**
   * The knowledge-base passages to send with a question: they go with it to the model (cited as
   * [n]) but not into its bubble or the stored conversation.
   */
  ground?: (question: string) => Promise<KnowledgePassage[]>;
}): ConversationState {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const run = useAiRun();
  const usageFor = useUsageFor();
  // Answers after an exchange already on screen (a run, a document) are its follow-ups; the rest is chat.
  const feature = seed?.turns.length ? 'follow_up' : 'chat';
  const [id, setId] = useState<string | null>(loaded?.id ?? null);
  const [title, setTitle] = useState(loaded?.title ?? seed?.title ?? '');
  const [storedTurns, setStoredTurns] = useState<Turn[] | null>(loaded?.messages ?? null);
  const [inFlight, setInFlight] = useState<Plan | null>(null);
  const [dropped, setDropped] = useState(0);
  const [sources, setSources] = useState<ConversationState['sources']>(null);
  const [usage, setUsage] = useState<Record<number, UsageRow>>({});
  const [webSearchedWith, setWebSearchedWith] = useState<Record<number, WebSearchPath>>({});
  const model = useRef({ provider: loaded?.provider ?? '', model: loaded?.model ?? null });
  const turns = storedTurns ?? seed?.turns ?? [];
  const busy = inFlight !== null;

  const imagePaths = turns.flatMap((turn) => turn.imagePaths ?? []);
  const imageUrls = useQuery(conversationQueries.images(client, imagePaths));

  /** The question with its images kept (their files in the user's folder); unchanged without images or when keeping fails (said). */
  const withKeptImages = async (db: AppClient, plan: Plan): Promise<Turn> => {
    if (!plan.images?.length || !userId) return plan.question;
    const kept = await keepChatImages(db, userId, plan.images);
    if (kept.error) {
      notify({ title: CONVERSATION_TEXTS.imagesNotKept, description: kept.error.message, variant: 'destructive' });
      return plan.question;
    }
    return { ...plan.question, imagePaths: kept.data };
  };

  const persist = async (plan: Plan, answer: Turn, to: SendTarget, onCreated: (id: string) => void): Promise<DataResult<unknown>> => {
    const db = await client();
    if (plan.storeQuestion && plan.images?.length) {
      plan = { ...plan, question: await withKeptImages(db, plan) };
      setStoredTurns([...plan.keep, plan.question, answer]);
    }
    const fresh = [...(plan.storeQuestion ? [plan.question] : []), answer];
    if (!id) {
      const created = await store.startConversation(db, {
        ...(seed ?? { source: 'chat' }),
        provider: to.target.provider,
        model: to.model,
        turns: [...plan.keep, plan.question, answer],
      });
      if (created.data) {
        onCreated(created.data.id);
        setId(created.data.id);
        setTitle(created.data.title);
        model.current = { provider: to.target.provider, model: to.model };
      }
      return created;
    }
    if (model.current.provider !== to.target.provider || model.current.model !== to.model) {
      model.current = { provider: to.target.provider, model: to.model };
      void store.setConversationModel(db, id, to.target.provider, to.model);
    }
    return store.replaceFrom(db, id, plan.storeFrom, fresh);
  };

  const answer = async (plan: Plan, to: SendTarget): Promise<boolean> => {
    setInFlight(plan);
    const passages = ground ? await ground(plan.question.content) : null;
    // Gemini and Claude search with their own tool while they answer; the others through the user's search key.
    const firstWebSource = (passages?.length ?? 0) + 1;
    const provider = to.target.provider;
    const nativeSearch = web?.on === true && searchesNatively(provider) ? provider : null;
    const native = nativeSearch !== null;
    // No search key, a refused key, a service down: its sentence, and nothing is sent (the question stays in the box).
    const searched = web && !native ? await web.search(plan.question.content, firstWebSource) : null;
    if (searched?.error) {
      notify({ title: WEB_SEARCH_TEXTS.switchLabel, description: searched.error.message, variant: 'destructive' });
      setInFlight(null);
      return false;
    }
    const found = searched?.data ?? null;
    const knowledgeTask = groundedTask(plan.question.content, passages ?? []);
    const asked = found ? webGroundedTask(knowledgeTask, found.sources, new Date().toISOString().slice(0, 10)) : knowledgeTask;
    // The sources take room in the window: the earlier turns fit in what is left.
    const extra = estimateTokens(asked) - estimateTokens(plan.question.content);
    const fitted = fitWithPage(page, [...plan.keep, plan.question], { window: contextWindowFor(to.model) - extra });
    const messages = fitted.messages.map((m, i) =>
      i === fitted.messages.length - 1 ? { ...m, content: asked, ...(plan.images?.length ? { images: plan.images } : {}) } : m,
    );
    setDropped(fitted.dropped);
    setSources(passages && { answerIndex: plan.keep.length + 1, passages });
    let partial = '';
    // The conversation this answer belongs to: stored already, or once the answer created it.
    let belongs: (subject: UsageSubject | null) => void = () => undefined;
    const subject: Promise<UsageSubject | null> | UsageSubject = id
      ? { kind: 'conversation', id }
      : new Promise<UsageSubject | null>((resolve) => {
          belongs = resolve;
        });
    const answerIndex = plan.keep.length + 1;
    const result = await run.startWith(to.target.provider, (signal, onText, onUsage) =>
      streamText({
        target: to.target,
        model: to.model,
        prompt: messages,
        ...(native ? { webSearch: { first: firstWebSource } } : {}),
        signal,
        usage: usageFor(feature, {
          subject,
          onRecorded: (row) => {
            onUsage(row);
            setUsage((shown) => ({ ...shown, [answerIndex]: row }));
          },
        }),
        onDelta: (_delta, full) => {
          partial = full;
          onText(full);
        },
      }),
    );
    // An answer with nothing written (failed, or stopped at once) is not kept: the turns are as they were, the question stays in the box.
    if (!(result?.text ?? partial).trim()) {
      belongs(null);
      setInFlight(null);
      return false;
    }
    const reply: Turn = {
      role: 'assistant',
      content: result?.text ?? partial,
      provider: to.target.provider,
      model: to.model,
      status: !result ? 'error' : result.stopped ? 'stopped' : 'done',
      ...(found?.sources.length ? { webSources: found.sources } : {}),
      ...(native && result?.web?.sources.length ? { webSources: result.web.sources } : {}),
    };
    const searchedWith: WebSearchPath | null = found ? found.provider : nativeSearch;
    if (searchedWith) setWebSearchedWith((shown) => ({ ...shown, [answerIndex]: searchedWith }));
    setStoredTurns([...plan.keep, plan.question, reply]);
    setInFlight(null);
    const saved = await persist(plan, reply, to, (created) => belongs({ kind: 'conversation', id: created }));
    // Not created (a failed save, or it existed): the row goes without, or with the id it had.
    belongs(null);
    if (saved.error) notify({ title: CONVERSATION_TEXTS.saveError, description: saved.error.message, variant: 'destructive' });
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all });
    return true;
  };

  const send = (text: string, to: SendTarget, images?: readonly ChatImage[]) =>
    answer({ keep: turns, question: { role: 'user', content: text.trim() }, storeFrom: turns.length, storeQuestion: true, images }, to);

  /** The last answer again (the question stays where it is). */
  const regenerate = async (to: SendTarget) => {
    const kept = keepForRegenerate(turns);
    if (!kept) return false;
    return answer({ keep: kept.slice(0, -1), question: kept[kept.length - 1]!, storeFrom: kept.length, storeQuestion: false }, to);
  };

  /** The last question changed, and answered anew. */
  const editLast = async (text: string, to: SendTarget) => {
    const kept = keepForEdit(turns, text);
    if (!kept) return false;
    return answer(
      { keep: kept.slice(0, -1), question: kept[kept.length - 1]!, storeFrom: lastIndexOf(turns, 'user'), storeQuestion: true },
      to,
    );
  };

  return {
    id,
    title,
    turns: inFlight ? inFlight.keep : turns,
    asking: inFlight?.question.content ?? null,
    run,
    dropped,
    sources,
    busy,
    usage,
    webSearchedWith,
    imageUrls: imageUrls.data ?? {},
    send,
    regenerate,
    editLast,
    stop: run.stop,
  };
}
