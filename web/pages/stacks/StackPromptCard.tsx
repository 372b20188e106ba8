import { Link as RouterLink } from 'react-router-dom';
import { Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/LockOutlined';
import { STACK_TEXTS, type StackPrompt } from '@/shared/core/promptStacks.ts';

/** One prompt of the grid: its folder, the Free / Subscription badge, the start of its text, and Use Prompt. */
export function StackPromptCard({ prompt }: { prompt: StackPrompt }) {
  return (
    <Card component="li" variant="outlined" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {prompt.folderName}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            label={prompt.badge}
            color={prompt.isPremium ? 'secondary' : 'success'}
            icon={prompt.isPremium ? <LockIcon /> : undefined}
            sx={{ flexShrink: 0 }}
          />
        </Stack>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere', lineHeight: 1.3, mb: 0.75 }}>
          {prompt.name}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
        >
          {prompt.promptText}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button component={RouterLink} to={prompt.runPath} variant="contained" size="small">
          {STACK_TEXTS.usePrompt}
        </Button>
      </CardActions>
    </Card>
  );
}
