import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, CardActionArea, CardContent, Container, Stack, Typography, type SvgIconProps } from '@mui/material';
import { alpha } from '@mui/material/styles';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DocFolderIcon from '@mui/icons-material/FolderCopyOutlined';
import KnowledgeIcon from '@mui/icons-material/MenuBookOutlined';
import NotificationsIcon from '@mui/icons-material/NotificationsActiveOutlined';
import PromptFolderIcon from '@mui/icons-material/FolderSpecialOutlined';
import WorkspacesIcon from '@mui/icons-material/WorkspacesOutlined';
import { ROUTES } from '@/shared/core/routes.ts';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { OnTheList } from './comingSoonParts.tsx';
import { useFeatureRequest } from './useFeatureRequest.ts';

interface FolderArea {
  title: string;
  description: string;
  to: string;
  icon: ComponentType<SvgIconProps>;
  color: string;
}

/** The three folder areas, then the workspaces of the File Manager (folders of files, not in the sidebar). */
const AREAS: readonly FolderArea[] = [
  {
    title: 'Document Folders',
    description: 'Organize the documents you generate into folders and sub-folders.',
    to: ROUTES.documentGenerator,
    icon: DocFolderIcon,
    color: '#10B981',
  },
  {
    title: 'Prompt Folders',
    description: 'Group your saved prompts so the right one is always a click away.',
    to: ROUTES.promptsLibrary,
    icon: PromptFolderIcon,
    color: '#4F46E5',
  },
  {
    title: 'Knowledge Base Folders',
    description: 'Keep reference texts, links and notes the AI can draw on.',
    to: ROUTES.knowledgeBase,
    icon: KnowledgeIcon,
    color: '#F59E0B',
  },
  {
    title: 'File Manager',
    description: 'Workspaces of folders and files for your documents, to download and share.',
    to: ROUTES.fileManager,
    icon: WorkspacesIcon,
    color: '#0EA5E9',
  },
];

/** /manage-folders: Document, Prompt and Knowledge Base folders, then the workspaces. */
export function ManageFoldersPage() {
  const { request, pending, requested } = useFeatureRequest();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageHeader title="Manage Folders" subtitle="Choose which folders to organize." />
      <Box
        component="section"
        aria-label="Folder areas"
        sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}
      >
        {AREAS.map((area) => {
          const Icon = area.icon;
          return (
            <Card
              key={area.title}
              sx={{
                height: '100%',
                transition: 'transform 150ms ease, box-shadow 150ms ease, border-color 150ms ease',
                '&:hover': {
                  transform: 'translateY(-2px)',
                  boxShadow: '0 12px 32px rgba(17,24,39,0.08)',
                  borderColor: alpha(area.color, 0.5),
                },
              }}
            >
              <CardActionArea component={RouterLink} to={area.to} sx={{ height: '100%' }}>
                <CardContent sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
                  <Box
                    sx={{
                      width: 52,
                      height: 52,
                      borderRadius: 3,
                      display: 'grid',
                      placeItems: 'center',
                      color: area.color,
                      bgcolor: alpha(area.color, 0.12),
                    }}
                  >
                    <Icon />
                  </Box>
                  <Typography variant="h6" component="h2" sx={{ fontSize: '1.125rem' }}>
                    {area.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
                    {area.description}
                  </Typography>
                  <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'primary.main' }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      Open
                    </Typography>
                    <ArrowForwardIcon sx={{ fontSize: 16 }} aria-hidden />
                  </Stack>
                </CardContent>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>

      <Card component="section" aria-labelledby="folders-soon-heading" sx={{ mt: 4, bgcolor: (t) => alpha(t.palette.primary.main, 0.04) }}>
        <CardContent
          sx={{
            p: 3,
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'flex-start', sm: 'center' },
            gap: 2,
            justifyContent: 'space-between',
          }}
        >
          <Box>
            <Typography id="folders-soon-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
              One place for all your folders
            </Typography>
            <Typography variant="body2" color="text.secondary">
              A single view to move items between documents, prompts and knowledge is on the way.
            </Typography>
          </Box>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexShrink: 0, flexWrap: 'wrap' }}>
            <OnTheList show={requested.has('folder_view')} />
            <Button
              variant="outlined"
              startIcon={<NotificationsIcon />}
              sx={{ bgcolor: 'background.paper' }}
              disabled={pending === 'folder_view'}
              onClick={() => void request('folder_view')}
            >
              Notify Me
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}
