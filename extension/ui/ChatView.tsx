import { useWebSearchChoice } from '@/shared/ui/webSearch/useWebSearchChoice.ts';
import { WebSearchSwitch } from '@/shared/ui/webSearch/WebSearchSwitch.tsx';
import { useEffect, useMemo, useState } from 'react';
import { Alert, AlertTitle, Button, Stack, Typography } from '@mui/material';
import AddCommentIcon from '@mui/icons-material/AddCommentOutlined';
import { useQuery } from '@tanstack/react-query';
import { titleFrom } from '@/shared/core/conversations/conversation.ts';
import { pageChatContext, pageChatContextFrom, type PageChatContext } from '@/shared/core/conversations/pageChat.ts';
import { CONVERSATION_TEXTS } from '@/shared/core/conversations/texts.ts';
import { KNOWLEDGE_TEXTS } from '@/shared/core/knowledge/grounding.ts';
import type { Conversation } from '@/shared/data/conversations.ts';
import type { PageContext } from '@/extension/lib/messaging.ts';
import type { AvailableKeys } from '@/shared/ui/ai/ModelPicker.tsx';
import { visionSupport } from '@/shared/ai/vision.ts';
import { ImageAttachments } from '@/shared/ui/ai/ImageAttachments.tsx';
import { chatImagesOf, type AttachedImage } from '@/shared/ui/ai/imageAttach.ts';
import { FollowUps } from '@/shared/ui/conversation/FollowUps.tsx';
import { captureRegionImage, captureTabImage } from './captureImage.ts';
import { useConversation, type ConversationState } from '@/shared/ui/conversation/useConversation.ts';
import { conversationQueries } from '@/shared/ui/queries/conversations.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { KnowledgeSelect } from '@/shared/ui/knowledge/KnowledgeSelect.tsx';
import { UsedSources } from '@/shared/ui/knowledge/UsedSources.tsx';
import { useKnowledgeChoice } from '@/shared/ui/knowledge/useKnowledgeChoice.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { extData } from './extClient.ts';
import { useNeedPage } from './pageContext.tsx';
import { PageChip } from './PageChip.tsx';
import { PANEL_OUTPUT_ACTIONS } from './panelOutputActions.tsx';
import { useKeyStatus } from './useKeyStatus.ts';
import { usePanelChoice } from './usePanelChoice.ts';

/**
 * Chat in the side panel: questions about the page beside the panel (its title, address and text
 * go with every question, within the model's context budget), or about anything once the page's
 * chip is removed. The chat is stored at the first answer (source 'page', the page in its context)
 * and listed in History, where it can be opened again to go on.
 */

export interface ChatViewProps {
  /** A stored conversation to go on with (null: a new chat). */
  conversationId: string | null;
  onNewChat: () => void;
  /** The signed-in user: images asked about are kept with the question in their folder. */
  userId: string | null;
}

export function ChatView({ conversationId, onNewChat, userId }: ChatViewProps) {
  if (!conversationId) return <PageChat onNewChat={onNewChat} userId={userId} />;
  return <StoredChat id={conversationId} onNewChat={onNewChat} userId={userId} />;
}

function StoredChat({ id, onNewChat, userId }: { id: string; onNewChat: () => void; userId: string | null }) {
  const query = useQuery(conversationQueries.detail(extData, id));
  return (
    <QueryState
      query={query}
      loadingLabel={CONVERSATION_TEXTS.conversationLoading}
      loadingSx={{ display: 'grid', placeItems: 'center', py: 4 }}
      errorText={(message, error) => (error?.kind === 'not_found' ? CONVERSATION_TEXTS.notFoundText : message)}
    >
      {(conversation) => <PageChat key={conversation.id} loaded={conversation} onNewChat={onNewChat} userId={userId} />}
    </QueryState>
  );
}

/** The page as a chat keeps it: its main text, with a YouTube transcript when it has one. */
const contextOf = (page: PageContext): PageChatContext =>
  pageChatContext({
    url: page.url,
    title: page.title,
    text: [page.text, page.transcript ? `Transcript:\n${page.transcript}` : ''].filter(Boolean).join('\n\n'),
  });

function PageChat({ loaded, onNewChat, userId }: { loaded?: Conversation; onNewChat: () => void; userId: string | null }) {
  const storedPage = useMemo(() => (loaded ? pageChatContextFrom(loaded.context) : null), [loaded]);
  const [attached, setAttached] = useState(loaded ? storedPage !== null : true);
  // The page the chat is about, fixed at its first question (a stored chat: the one it was started with).
  const [fixed, setFixed] = useState<PageChatContext | null>(storedPage);
  const [started, setStarted] = useState(Boolean(loaded?.messages.length));
  // Before the first question the chip follows the tab: the page is read while it does.
  const page = useNeedPage(attached && !started);
  const live = attached && page.read?.ok ? contextOf(page.read.context) : null;
  const context = started ? (attached ? fixed : null) : live;

  const notify = useNotify();
  const knowledge = useKnowledgeChoice(extData, true);
  const web = useWebSearchChoice(extData, userId !== null, 'panel');
  const conversation = useConversation({
    client: extData,
    userId,
    web,
    // A failed search is said, and the question goes without the knowledge base.
    ground: knowledge.selection
      ? async (question) => {
          const found = await knowledge.ground(question);
          if (found.error) notify({ title: KNOWLEDGE_TEXTS.searchError, description: found.error.message, variant: 'destructive' });
          return found.data?.passages ?? [];
        }
      : undefined,
    seed: {
      source: context ? 'page' : 'chat',
      ...(context ? { context: { url: context.url, title: context.title, text: context.text } } : {}),
      turns: [],
    },
    loaded,
    page: context,
  });
  const hasTurns = conversation.turns.length > 0 || conversation.busy;
  // Images go with the next question only; a model that cannot read them sends nothing (the sentence shows beside them).
  const [images, setImages] = useState<AttachedImage[]>([]);
  // The first question fixes the page (none when it could not be read).
  const chat: ConversationState = {
    ...conversation,
    send: async (text, to) => {
      if (images.length && !visionSupport(to.target.provider, to.model).ok) return false;
      if (!started) {
        setStarted(true);
        setFixed(live);
        if (!live) setAttached(false);
      }
      const sending = chatImagesOf(images);
      setImages([]);
      const sent = await conversation.send(text, to, sending);
      if (!sent && sending.length) setImages((current) => (current.length ? current : images));
      return sent;
    },
  };
  const capture = () => captureTabImage(page.tab);
  const captureRegion = () => captureRegionImage(page.tab);

  // The address the chat is going on beside: a tab change or a navigation away from it asks what to do.
  const [beside, setBeside] = useState<string | null>(null);
  const tabUrl = page.tab?.url ?? null;
  useEffect(() => {
    if (hasTurns && beside === null && tabUrl) setBeside(tabUrl);
  }, [hasTurns, beside, tabUrl]);
  const moved = hasTurns && beside !== null && tabUrl !== null && tabUrl !== beside;

  const local = useKeyStatus();
  const available: AvailableKeys = { keys: local.keys, customBaseUrl: local.baseUrl };
  const [choice, choose] = usePanelChoice(loaded ? { provider: loaded.provider, model: loaded.model } : null);
  const title = conversation.title || (context ? CONVERSATION_TEXTS.chatTitle : CONVERSATION_TEXTS.chatTitleNoPage);

  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', lineHeight: 1.3 }}>
          {title}
        </Typography>
        {hasTurns && (
          <Button size="small" startIcon={<AddCommentIcon fontSize="small" />} onClick={onNewChat} disabled={conversation.busy}>
            {CONVERSATION_TEXTS.newChat}
          </Button>
        )}
      </Stack>
      <PageChip
        page={page}
        attached={attached}
        context={context}
        following={!started}
        onRemove={() => setAttached(false)}
        onAttach={() => setAttached(true)}
      />
      <KnowledgeSelect knowledge={knowledge} idPrefix="chat" disabled={conversation.busy} />
      <WebSearchSwitch web={web} idPrefix="chat" disabled={conversation.busy} provider={choice.provider} />
      {moved && (
        <Alert severity="info" data-testid="page-moved">
          <AlertTitle>{CONVERSATION_TEXTS.movedTitle}</AlertTitle>
          {CONVERSATION_TEXTS.moved(page.tab?.title || tabUrl || '', context?.title ?? null)}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
            <Button size="small" variant="contained" onClick={onNewChat} disabled={conversation.busy}>
              {CONVERSATION_TEXTS.startNew}
            </Button>
            <Button size="small" variant="outlined" onClick={() => setBeside(tabUrl)}>
              {CONVERSATION_TEXTS.keepOld}
            </Button>
          </Stack>
        </Alert>
      )}
      {!hasTurns && (
        <Typography variant="body2" color="text.secondary">
          {CONVERSATION_TEXTS.chatEmpty}
        </Typography>
      )}
      <ImageAttachments
        images={images}
        onChange={setImages}
        provider={choice.provider}
        model={choice.model}
        capture={capture}
        captureRegion={captureRegion}
        disabled={conversation.busy}
      />
      <FollowUps
        conversation={chat}
        shownFrom={0}
        available={available}
        choice={choice}
        onChoice={choose}
        actions={PANEL_OUTPUT_ACTIONS}
        documentName={() => conversation.title || titleFrom(conversation.turns[0]?.content ?? '')}
        idPrefix="chat"
        label={context ? CONVERSATION_TEXTS.chatLabel : CONVERSATION_TEXTS.chatLabelNoPage}
        placeholder={CONVERSATION_TEXTS.chatPlaceholder}
        afterThread={
          conversation.sources &&
          !conversation.busy &&
          conversation.turns[conversation.sources.answerIndex] && (
            <UsedSources
              client={extData}
              answer={conversation.turns[conversation.sources.answerIndex]!.content}
              passages={conversation.sources.passages}
              idPrefix="chat-sources"
            />
          )
        }
      />
    </Stack>
  );
}
