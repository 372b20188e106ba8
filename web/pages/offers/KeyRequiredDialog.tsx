import { Link as RouterLink } from 'react-router-dom';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { ROUTES } from '@/shared/core/routes.ts';
import { PROVIDER_KEYS, type ProviderId } from '@/shared/core/providerKeys.ts';

/** Generating without a key opens 'OpenAI API Key Required' (the chosen provider's name). */
export function KeyRequiredDialog({ provider, onClose }: { provider: ProviderId | null; onClose: () => void }) {
  const label = PROVIDER_KEYS[provider ?? 'openai'].label;
  return (
    <Dialog open={provider !== null} onClose={onClose} aria-labelledby="offer-key-title" aria-describedby="offer-key-text">
      <DialogTitle id="offer-key-title">{label} API Key Required</DialogTitle>
      <DialogContent>
        <DialogContentText id="offer-key-text">
          The offer builder runs on your own {label} API key. Add it in Settings, then come back: your idea and your offer stay here.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button component={RouterLink} to={ROUTES.settings} variant="contained">
          Go to Settings
        </Button>
      </DialogActions>
    </Dialog>
  );
}
