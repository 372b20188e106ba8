import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { providerName } from '@/shared/core/providerKeys.ts';
import type { RecommendedPrompt } from '@/shared/core/recommendedPrompts.ts';

/** The whole prompt before saving it: its text as it will run, every tag, the providers it suits. */
export function PromptPreviewDialog({ prompt, onClose, onSave }: { prompt: RecommendedPrompt; onClose: () => void; onSave: () => void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="preview-recommended-title" scroll="paper">
      <DialogTitle id="preview-recommended-title">{prompt.name}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography color="text.secondary">{prompt.description}</Typography>
          <Box
            data-testid="prompt-text"
            sx={{
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              bgcolor: 'action.hover',
              borderRadius: 2,
              p: 2,
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
              fontSize: '0.9rem',
            }}
          >
            {prompt.promptText}
          </Box>
          <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
              {prompt.category} · Tags:
            </Typography>
            {prompt.tags.map((tag) => (
              <Chip key={tag} size="small" label={tag} />
            ))}
          </Stack>
          {prompt.llmSuitability.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              Works well with {prompt.llmSuitability.map(providerName).join(', ')}.
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={onSave}>
          Save to library
        </Button>
      </DialogActions>
    </Dialog>
  );
}
