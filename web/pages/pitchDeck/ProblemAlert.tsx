import { Link as RouterLink } from 'react-router-dom';
import { Alert, AlertTitle, Button } from '@mui/material';
import { ROUTES } from '@/shared/core/routes.ts';
import type { DeckProblem } from './usePitchDeck.ts';

/** A failed generation: its title and sentence; a key problem links to Settings. */
export function ProblemAlert({ problem, onClose }: { problem: DeckProblem; onClose: () => void }) {
  return (
    <Alert
      severity="error"
      onClose={onClose}
      action={
        problem.kind === 'auth' || problem.kind === 'noKey' ? (
          <Button component={RouterLink} to={ROUTES.settings} color="inherit" size="small">
            Open Settings
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{problem.title}</AlertTitle>
      {problem.message}
    </Alert>
  );
}
