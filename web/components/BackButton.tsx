import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Button } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { routePatternOf, ROUTES } from '@/shared/core/routes.ts';
import { useCameFrom } from '../lib/cameFrom.ts';

/** How a back link names the page it returns to (the sidebar's words; other pages are "Back"). */
const PAGE_NAMES: Readonly<Record<string, string>> = {
  [ROUTES.dashboard]: 'Main Dashboard',
  [ROUTES.promptStacks]: 'Prompt Stacks',
  [ROUTES.myPrompts]: 'My Prompts',
  [ROUTES.promptsLibrary]: 'My Prompts',
  [ROUTES.recommendedPrompts]: 'Recommended prompts',
  [ROUTES.history]: 'History',
  [ROUTES.manageFolders]: 'Manage Folders',
  [ROUTES.workflows]: 'Workflows',
  [ROUTES.aiTools]: 'AI Tools',
};

/**
 * A back link to the page the user came from (Back in the browser's history, so its filters and
 * scroll come back too), named after it; on a tab's first page, a link to `fallback`.
 */
export function BackButton({ fallback }: { fallback: { to: string; label: string } }) {
  const navigate = useNavigate();
  const from = useCameFrom();
  if (!from) {
    return (
      <Button component={RouterLink} to={fallback.to} variant="outlined" startIcon={<ArrowBackIcon />}>
        {fallback.label}
      </Button>
    );
  }
  const pattern = routePatternOf(from);
  return (
    <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={() => void navigate(-1)}>
      {(pattern && PAGE_NAMES[pattern]) ?? 'Back'}
    </Button>
  );
}
