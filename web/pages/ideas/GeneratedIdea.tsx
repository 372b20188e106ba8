import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Divider, Stack, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import RefreshIcon from '@mui/icons-material/Refresh';
import SaveIcon from '@mui/icons-material/BookmarkAddOutlined';
import type { StartupIdeaContent } from '@/shared/core/ideas.ts';
import { authPathFor, ROUTES } from '@/shared/core/routes.ts';
import { IdeaExportButtons } from './IdeaExportButtons.tsx';
import { IdeaView } from './IdeaView.tsx';

export const GENERATOR_ANCHOR = 'startup-idea-generator';
/** Where sign-in brings a visitor back to: the generator, with the idea kept in the tab. */
const BACK_TO_GENERATOR = authPathFor(`${ROUTES.appSummary}#${GENERATOR_ANCHOR}`);

export interface GeneratedIdeaProps {
  idea: StartupIdeaContent;
  signedIn: boolean;
  /** A view-only account reads and downloads but cannot save (the database refuses it too). */
  readOnly?: boolean;
  savedId: string | null;
  saving: boolean;
  /** Save was pressed while signed out. */
  saveAfterSignIn: boolean;
  busy: boolean;
  canRegenerate: boolean;
  onSave: () => void;
  onRegenerate: () => void;
}

/** The generated idea with Save (sign-in round trip when signed out), Regenerate and the downloads. */
export function GeneratedIdea(props: GeneratedIdeaProps) {
  const { idea, signedIn, savedId, saving, saveAfterSignIn, busy } = props;
  return (
    <Box
      component="section"
      aria-labelledby="generated-idea-name"
      aria-busy={busy}
      sx={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms ease' }}
    >
      <Divider sx={{ my: 3 }} />
      <Typography variant="overline" color="primary" sx={{ fontWeight: 700, display: 'block' }}>
        Your startup idea
      </Typography>
      <Typography id="generated-idea-name" variant="h5" component="h3" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {idea.name}
      </Typography>
      <IdeaView idea={idea} level={4} />

      {saveAfterSignIn && !signedIn && (
        <Alert severity="info" sx={{ mt: 3 }}>
          <strong>Sign in to save this idea.</strong> It stays here while you sign in or create a free account, and you come straight back
          to save it.
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={`${BACK_TO_GENERATOR}&mode=signin`} variant="contained" size="small">
              Sign in to save
            </Button>
            <Button component={RouterLink} to={BACK_TO_GENERATOR} variant="outlined" size="small">
              Create a free account
            </Button>
          </Stack>
        </Alert>
      )}
      {saveAfterSignIn && signedIn && !savedId && (
        <Alert severity="success" sx={{ mt: 3 }}>
          You are signed in. Save the idea to keep it in your account.
        </Alert>
      )}

      <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 3, flexWrap: 'wrap', alignItems: 'center' }}>
        {savedId ? (
          <>
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'success.main', px: 0.5 }}>
              <CheckIcon fontSize="small" aria-hidden />
              <Typography sx={{ fontWeight: 600 }}>Saved</Typography>
            </Stack>
            <Button component={RouterLink} to={`${ROUTES.savedIdeas}?idea=${encodeURIComponent(savedId)}`} variant="text">
              View in Saved Ideas
            </Button>
          </>
        ) : props.readOnly ? (
          <Typography variant="body2" color="text.secondary">
            View-only accounts cannot save ideas; download it instead.
          </Typography>
        ) : (
          <Button variant="contained" startIcon={<SaveIcon />} onClick={props.onSave} disabled={saving || busy}>
            {saving ? 'Saving…' : 'Save idea'}
          </Button>
        )}
        <Button variant="outlined" startIcon={<RefreshIcon />} onClick={props.onRegenerate} disabled={busy || !props.canRegenerate}>
          Regenerate
        </Button>
        <IdeaExportButtons idea={idea} disabled={busy} />
      </Stack>
    </Box>
  );
}
