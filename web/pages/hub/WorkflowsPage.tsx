import { Button, Container, Typography } from '@mui/material';
import BoltIcon from '@mui/icons-material/BoltOutlined';
import NotificationsIcon from '@mui/icons-material/NotificationsActiveOutlined';
import ScheduleIcon from '@mui/icons-material/ScheduleOutlined';
import TemplateIcon from '@mui/icons-material/ChecklistOutlined';
import KnowledgeIcon from '@mui/icons-material/MenuBookOutlined';
import WorkflowsIcon from '@mui/icons-material/AccountTreeOutlined';
import { WORKFLOW_BLURBS } from '@/shared/core/hub.ts';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { BlurbGrid, ComingSoonHero, OnTheList } from './comingSoonParts.tsx';
import { useFeatureRequest } from './useFeatureRequest.ts';

/** /workflows: coming soon, four blurbs, and a real "notify me" list. */
export function WorkflowsPage() {
  const { request, pending, requested } = useFeatureRequest();
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <PageHeader title="Workflows" subtitle="Automate multi-step AI work from idea to finished document." />
      <ComingSoonHero
        icon={WorkflowsIcon}
        heading="Coming Soon"
        text="Workflows will chain your prompts, knowledge base and documents into automations you can run again and again. Tell us you want it and we'll let you know the moment it's ready."
        action={
          <>
            <Button
              variant="contained"
              size="large"
              startIcon={<NotificationsIcon />}
              disabled={pending === 'workflows'}
              onClick={() => void request('workflows')}
            >
              Notify Me / Request Features
            </Button>
            <OnTheList show={requested.has('workflows')} />
          </>
        }
      />
      <Typography variant="h5" component="h2" sx={{ mt: 5 }}>
        What's coming
      </Typography>
      <BlurbGrid blurbs={WORKFLOW_BLURBS} icons={[BoltIcon, TemplateIcon, KnowledgeIcon, ScheduleIcon]} />
    </Container>
  );
}
