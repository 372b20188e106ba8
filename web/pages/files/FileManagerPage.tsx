import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Box, Button, Card, CardContent, Container, Stack, TextField, Typography } from '@mui/material';
import { ROUTES, workspacePath } from '@/shared/core/routes.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { useProfile, useUser } from '@/web/lib/sessionState.ts';
import { useFileManager } from './useFileManager.ts';
import { SharedDocumentCard } from './SharedDocumentCard.tsx';
import { SharedWorkspaceCard, WorkspaceCard } from './WorkspaceCard.tsx';
import { fieldProblem } from './fieldProblem.ts';

/** /file-manager: the user's workspaces, created here, and the workspaces and documents shared with them. */
export function FileManagerPage() {
  const user = useUser();
  const profile = useProfile();
  const manager = useFileManager(user?.id ?? '');
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const viewOnly = profile?.role === 'view_only';

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const result = await manager.create(name);
    if ('problem' in result) return setProblem(result.problem);
    setName('');
    setProblem(null);
    void navigate(workspacePath(result.workspace.id));
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageHeader
        title="File Manager"
        subtitle="Workspaces keep your generated documents in folders of your own, ready to download or share."
        actions={
          <Button component={RouterLink} to={ROUTES.documentGenerator} variant="outlined">
            Go to the document generator
          </Button>
        }
      />

      {!viewOnly && (
        <Card sx={{ mb: 4 }}>
          <CardContent>
            <Stack
              component="form"
              aria-label="Create a workspace"
              noValidate
              onSubmit={(e) => void create(e)}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ alignItems: 'flex-start' }}
            >
              <TextField
                label="Workspace name"
                value={name}
                onChange={(e) => {
                  setName(e.target.value);
                  setProblem(null);
                }}
                {...fieldProblem(problem, 'For example a client, a launch or a course.')}
                size="small"
                fullWidth
                sx={{ maxWidth: { sm: 420 } }}
              />
              <Button type="submit" variant="contained" disabled={manager.creating} sx={{ whiteSpace: 'nowrap', mt: { sm: '2px' } }}>
                Create workspace
              </Button>
            </Stack>
          </CardContent>
        </Card>
      )}

      <QueryState
        query={manager.query}
        loadingLabel="Loading workspaces"
        loadingSx={{ display: 'grid', placeItems: 'center', py: 8 }}
        errorText={(message) => `Error fetching workspaces: ${message}`}
      >
        {(state) => (
          <Stack spacing={5}>
            <section aria-labelledby="own-workspaces-title">
              <Typography id="own-workspaces-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
                Your workspaces
              </Typography>
              {state.own.length === 0 ? (
                <EmptyNote
                  title="No workspaces yet"
                  text={
                    viewOnly
                      ? 'Your account can view what others share with you.'
                      : 'Create one above to organise your generated documents.'
                  }
                />
              ) : (
                <CardGrid label="Your workspaces">
                  {state.own.map((workspace) => (
                    <WorkspaceCard
                      key={workspace.id}
                      workspace={workspace}
                      onRename={manager.rename}
                      renaming={manager.renaming}
                      onDelete={manager.remove}
                    />
                  ))}
                </CardGrid>
              )}
            </section>
            <section aria-labelledby="shared-with-you-title">
              <Typography id="shared-with-you-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
                Shared with you
              </Typography>
              {state.shared.length === 0 && state.sharedDocuments.length === 0 ? (
                <EmptyNote
                  title="Nothing shared with you yet"
                  text="When someone shares a workspace or a document with your e-mail address, it appears here, read-only."
                />
              ) : (
                <CardGrid label="Shared with you">
                  {state.shared.map((entry) => (
                    <SharedWorkspaceCard key={entry.shareId} entry={entry} onLeave={manager.leave} />
                  ))}
                  {state.sharedDocuments.map((entry) => (
                    <SharedDocumentCard key={entry.shareId} entry={entry} onDownload={manager.download} onLeave={manager.leave} />
                  ))}
                </CardGrid>
              )}
            </section>
          </Stack>
        )}
      </QueryState>
    </Container>
  );
}

function CardGrid({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
      }}
    >
      {children}
    </Box>
  );
}

function EmptyNote({ title, text }: { title: string; text: string }) {
  return (
    <Box sx={{ textAlign: 'center', py: 5, px: 2, border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 3 }}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}
