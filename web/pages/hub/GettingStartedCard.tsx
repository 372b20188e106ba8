import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import type { SvgIconProps } from '@mui/material';
import DoneIcon from '@mui/icons-material/CheckCircle';
import TodoIcon from '@mui/icons-material/RadioButtonUnchecked';
import { ROUTES } from '@/shared/core/routes.ts';
import type { GettingStarted } from '@/shared/data/gettingStarted.ts';
import { NEW_PROMPT_STATE } from '../library/newPromptRequest.ts';

interface Step {
  id: string;
  done: (s: GettingStarted) => boolean;
  title: string;
  description: string;
  action: string;
  to: string;
  state?: object;
}

/** The four things a new account does first, in the order that unlocks the rest. */
const STEPS: readonly Step[] = [
  {
    id: 'key',
    done: (s) => s.hasKey,
    title: 'Add your AI provider key',
    description: 'Every tool runs on your own key (OpenAI, Gemini, Anthropic and others). It stays in your browser and your account.',
    action: 'Add a key',
    to: ROUTES.settings,
  },
  {
    id: 'extension',
    done: (s) => s.extensionConnected,
    title: 'Install the browser extension',
    description: 'Run your prompts on any page from the side panel. Install it, then connect it in Settings.',
    action: 'Connect the extension',
    to: ROUTES.settings,
  },
  {
    id: 'prompt',
    done: (s) => s.hasPrompt,
    title: 'Create your first prompt',
    description: 'Save a prompt you use often; fill in its blanks and run it in one click.',
    action: 'New prompt',
    to: ROUTES.myPrompts,
    state: NEW_PROMPT_STATE,
  },
  {
    id: 'knowledge',
    done: (s) => s.hasKnowledge,
    title: 'Add knowledge',
    description: 'Your offers, brand voice and notes: answers and documents draw on them, with sources.',
    action: 'Open the knowledge base',
    to: ROUTES.knowledgeBase,
  },
];

function StepIcon({ done }: { done: boolean }) {
  const Icon: ComponentType<SvgIconProps> = done ? DoneIcon : TodoIcon;
  return <Icon color={done ? 'success' : 'disabled'} aria-hidden />;
}

/** The dashboard's first-run checklist: each step ticks itself once done anywhere; Hide puts it away. */
export function GettingStartedCard({
  steps,
  onDismiss,
  dismissing,
}: {
  steps: GettingStarted;
  onDismiss: () => void;
  dismissing: boolean;
}) {
  const done = STEPS.filter((step) => step.done(steps)).length;
  return (
    <Card component="section" aria-labelledby="getting-started-title" variant="outlined" sx={{ borderColor: 'primary.main' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Box>
            <Typography id="getting-started-title" variant="h6" component="h2">
              Get started
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {done} of {STEPS.length} done
            </Typography>
          </Box>
          <Button size="small" color="inherit" onClick={onDismiss} disabled={dismissing}>
            Hide
          </Button>
        </Stack>
        <LinearProgress
          variant="determinate"
          value={(done / STEPS.length) * 100}
          aria-label="Getting started progress"
          sx={{ my: 1.5, height: 6, borderRadius: 3 }}
        />
        <List disablePadding aria-label="Getting started steps">
          {STEPS.map((step) => {
            const complete = step.done(steps);
            return (
              <ListItem
                key={step.id}
                disableGutters
                aria-label={`${step.title}: ${complete ? 'done' : 'to do'}`}
                sx={{ gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' }, alignItems: 'center' }}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <StepIcon done={complete} />
                </ListItemIcon>
                <ListItemText
                  primary={step.title}
                  secondary={complete ? undefined : step.description}
                  sx={{ flex: '1 1 240px', m: 0 }}
                  slotProps={{ primary: { sx: { fontWeight: 600, textDecoration: complete ? 'line-through' : 'none' } } }}
                />
                {!complete && (
                  <Button
                    component={RouterLink}
                    to={step.to}
                    state={step.state}
                    size="small"
                    variant="outlined"
                    sx={{ flexShrink: 0, ml: { xs: 4.5, sm: 0 } }}
                  >
                    {step.action}
                  </Button>
                )}
              </ListItem>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
}
