import type { ReactNode } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { PRODUCT_NAME } from '../core/brand.ts';
import { KeyIcon, LoginIcon, SparklesIcon } from './icons.tsx';
import { Logo } from './Logo.tsx';

export interface SignedOutCardProps {
  /** Opens the sign-in page (the extension opens the dashboard's /auth in a new tab). */
  onSignIn: () => void;
  /** 'panel' fills the side panel; 'compact' fits the popup. */
  variant?: 'panel' | 'compact';
}

/** The signed-out state of the extension's side panel and popup. */
export function SignedOutCard({ onSignIn, variant = 'panel' }: SignedOutCardProps) {
  const compact = variant === 'compact';
  return (
    <Stack
      component="section"
      aria-label="Signed out"
      spacing={compact ? 1.5 : 2.5}
      sx={{ p: compact ? 2.5 : 3, textAlign: compact ? 'center' : 'left', alignItems: compact ? 'center' : 'stretch' }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', justifyContent: compact ? 'center' : 'flex-start' }}>
        <Logo size={compact ? 36 : 40} />
        <Typography variant="h5" component="h1">
          {PRODUCT_NAME}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Sign in to run your saved prompts and build offers from any page, with your own AI key.
      </Typography>
      {!compact && (
        <Stack spacing={1.25} sx={{ py: 0.5 }}>
          <Feature icon={<SparklesIcon fontSize="small" color="primary" />} text="Saved prompts and prompt stacks" />
          <Feature icon={<KeyIcon fontSize="small" color="primary" />} text="Bring your own AI provider key" />
        </Stack>
      )}
      <Button variant="contained" size="large" startIcon={<LoginIcon />} onClick={onSignIn} fullWidth={!compact}>
        Sign in
      </Button>
      <Typography variant="caption" color="text.secondary">
        Opens the {PRODUCT_NAME} dashboard in a new tab.
      </Typography>
    </Stack>
  );
}

function Feature({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
      <Box sx={{ display: 'flex' }}>{icon}</Box>
      <Typography variant="body2">{text}</Typography>
    </Stack>
  );
}
