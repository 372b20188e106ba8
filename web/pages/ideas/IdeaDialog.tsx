import { useRef } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { StartupIdea } from '@/shared/core/ideas.ts';
import { IdeaExportButtons } from './IdeaExportButtons.tsx';
import { IdeaView } from './IdeaView.tsx';
import { savedOn } from './SavedIdeaCard.tsx';

/** Every field of a saved idea, with the DOCX and PDF downloads (full screen on phones). */
export function IdeaDialog({ idea, onClose }: { idea: StartupIdea | null; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  // The closing animation still shows the idea that was open.
  const last = useRef(idea);
  if (idea) last.current = idea;
  const shown = idea ?? last.current;
  return (
    <Dialog open={Boolean(idea)} onClose={onClose} fullScreen={phone} maxWidth="md" fullWidth aria-labelledby="idea-dialog-title">
      {shown && (
        <>
          <DialogTitle id="idea-dialog-title" sx={{ overflowWrap: 'anywhere', pb: 0.5 }}>
            {shown.name}
          </DialogTitle>
          {/* Focusable: the content scrolls, and keyboard users must be able to scroll it. */}
          <DialogContent tabIndex={0}>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>
              Saved <time dateTime={shown.createdAt}>{savedOn(shown.createdAt)}</time>
              {shown.sourcePrompt && ` · from “${shown.sourcePrompt}”`}
            </Typography>
            <IdeaView idea={shown} level={3} />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
            <IdeaExportButtons idea={shown} />
            <Button onClick={onClose} variant="contained">
              Close
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
