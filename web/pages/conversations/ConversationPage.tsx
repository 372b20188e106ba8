import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Button, Card, CardContent, Container } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { useQuery } from '@tanstack/react-query';
import { CONVERSATION_TEXTS } from '@/shared/core/conversations/texts.ts';
import { PROVIDER_IDS, type ProviderId } from '@/shared/core/providerKeys.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import type { Conversation } from '@/shared/data/conversations.ts';
import type { AvailableKeys, ModelChoice } from '@/shared/ui/ai/ModelPicker.tsx';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { FollowUps } from '@/shared/ui/conversation/FollowUps.tsx';
import { useWebSearchChoice } from '@/shared/ui/webSearch/useWebSearchChoice.ts';
import { WebSearchSwitch } from '@/shared/ui/webSearch/WebSearchSwitch.tsx';
import { useConversation } from '@/shared/ui/conversation/useConversation.ts';
import { conversationQueries } from '@/shared/ui/queries/conversations.ts';
import { QueryError } from '@/shared/ui/query.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { useProviderKeys } from '@/web/lib/providerKeys.ts';
import { useUser } from '@/web/lib/sessionState.ts';
import { useRunOutputActions, webData } from '../run/runSide.ts';
import { RenameDialog } from '@/shared/ui/conversation/RenameDialog.tsx';
import { useConversationActions } from '@/shared/ui/conversation/useConversationActions.ts';

const HISTORY = `${ROUTES.history}?tab=conversations`;

/** /conversations/{id}: a stored conversation, every turn, continued with any model. */
export function ConversationPage() {
  const { conversationId = '' } = useParams();
  const query = useQuery(conversationQueries.detail(webData, conversationId));
  const missing = query.error instanceof QueryError && query.error.kind === 'not_found';
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      {missing && (
        <PageHeader
          title={CONVERSATION_TEXTS.notFound}
          actions={
            <Button component={RouterLink} to={HISTORY} startIcon={<ArrowBackIcon />}>
              {CONVERSATION_TEXTS.historyTitle}
            </Button>
          }
        />
      )}
      <QueryState
        query={query}
        loadingLabel="Loading conversation"
        loadingSx={{ display: 'grid', placeItems: 'center', py: 8 }}
        errorText={(message, error) => (error?.kind === 'not_found' ? CONVERSATION_TEXTS.notFoundText : message)}
      >
        {(conversation) => <ConversationScreen key={conversation.id} loaded={conversation} />}
      </QueryState>
    </Container>
  );
}

function ConversationScreen({ loaded }: { loaded: Conversation }) {
  const user = useUser();
  const keys = useProviderKeys(user?.id ?? null);
  const navigate = useNavigate();
  const actions = useConversationActions(webData);
  const outputActions = useRunOutputActions();
  const web = useWebSearchChoice(webData, user !== null);
  const conversation = useConversation({ client: webData, seed: null, loaded, userId: user?.id ?? null, web });
  const [title, setTitle] = useState(loaded.title);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [choice, setChoice] = useState<ModelChoice>({
    provider: PROVIDER_IDS.includes(loaded.provider as ProviderId) ? (loaded.provider as ProviderId) : 'openai',
    model: loaded.model ?? '',
  });
  const available: AvailableKeys = useMemo(
    () => ({
      keys: Object.fromEntries(Object.entries(keys.state.keys).map(([id, key]) => [id, key.value])),
      customBaseUrl: keys.state.baseUrl.value,
    }),
    [keys.state],
  );

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            <Button component={RouterLink} to={HISTORY} startIcon={<ArrowBackIcon />}>
              {CONVERSATION_TEXTS.historyTitle}
            </Button>
            <Button startIcon={<EditIcon />} onClick={() => setRenaming(true)}>
              {CONVERSATION_TEXTS.rename}
            </Button>
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting(true)}>
              {CONVERSATION_TEXTS.delete}
            </Button>
          </>
        }
      />
      <Card>
        <CardContent>
          <WebSearchSwitch web={web} idPrefix="conversation" disabled={conversation.busy} provider={choice.provider} />
          <FollowUps
            conversation={conversation}
            shownFrom={0}
            available={available}
            choice={choice}
            onChoice={setChoice}
            actions={outputActions}
            documentName={() => title}
          />
        </CardContent>
      </Card>
      <RenameDialog
        conversation={renaming ? { title } : null}
        saving={actions.renaming}
        onClose={() => setRenaming(false)}
        onRename={async (next) => {
          const refused = await actions.rename(loaded.id, next);
          if (!refused) setTitle(next.replace(/\s+/g, ' ').trim());
          return refused;
        }}
      />
      <ConfirmDialog
        open={deleting}
        title={CONVERSATION_TEXTS.delete}
        confirmLabel={CONVERSATION_TEXTS.delete}
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          setDeleting(false);
          void actions.remove(loaded.id).then((removed) => removed && navigate(HISTORY));
        }}
      >
        {CONVERSATION_TEXTS.confirmDelete(title)}
      </ConfirmDialog>
    </>
  );
}
