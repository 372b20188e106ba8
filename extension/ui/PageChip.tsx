import { Alert, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import AddLinkIcon from '@mui/icons-material/AddLink';
import LanguageIcon from '@mui/icons-material/Language';
import { CONVERSATION_TEXTS } from '@/shared/core/conversations/texts.ts';
import type { PageChatContext } from '@/shared/core/conversations/pageChat.ts';
import type { PageState } from './pageContext.tsx';

/**
 * The page a chat is about, as a chip: removable with its × or, focused, with Delete or Backspace.
 * Before the first question it follows the tab beside the panel (reading it, or asking for access
 * when the site is not allowed yet); afterwards it is the page the chat started with.
 */
export function PageChip({
  page,
  attached,
  context,
  following,
  onRemove,
  onAttach,
}: {
  page: PageState;
  /** The user keeps a page with the chat (false: removed). */
  attached: boolean;
  /** The page sent with the questions, when there is one. */
  context: PageChatContext | null;
  /** No question yet: the chip shows the live tab. */
  following: boolean;
  onRemove: () => void;
  onAttach: () => void;
}) {
  if (!attached) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 160 }}>
          {CONVERSATION_TEXTS.withoutPage}
        </Typography>
        {following && page.tab && (
          <Button size="small" startIcon={<AddLinkIcon fontSize="small" />} onClick={onAttach}>
            {CONVERSATION_TEXTS.usePage}
          </Button>
        )}
      </Stack>
    );
  }
  if (context) {
    return (
      <Chip
        icon={<LanguageIcon fontSize="small" />}
        label={context.title}
        title={context.url}
        onDelete={onRemove}
        variant="outlined"
        aria-label={CONVERSATION_TEXTS.pageChip(context.title)}
        sx={{ alignSelf: 'flex-start', maxWidth: '100%' }}
        data-testid="page-chip"
      />
    );
  }
  if (!following)
    return (
      <Typography variant="body2" color="text.secondary">
        {CONVERSATION_TEXTS.withoutPage}
      </Typography>
    );
  if (!page.tab) return <Alert severity="info">{CONVERSATION_TEXTS.noTab}</Alert>;
  if (page.reading || !page.read) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={16} aria-hidden />
        <Typography variant="body2" color="text.secondary">
          {CONVERSATION_TEXTS.readingPage}
        </Typography>
      </Stack>
    );
  }
  if (!page.read.ok && page.read.reason === 'noAccess') {
    return (
      <Alert
        severity="info"
        action={
          <Button color="inherit" size="small" onClick={() => void page.requestAccess()}>
            {CONVERSATION_TEXTS.readPage}
          </Button>
        }
      >
        {page.read.message}
      </Alert>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary">
      {CONVERSATION_TEXTS.pageUnreadable}
    </Typography>
  );
}
