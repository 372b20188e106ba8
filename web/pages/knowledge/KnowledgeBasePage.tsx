import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Container, Stack, Typography } from '@mui/material';
import { ROUTES } from '@/shared/core/routes.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { useEstimateConfirm } from '@/shared/ui/usage/EstimateConfirm.tsx';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { useUser } from '@/web/lib/sessionState.ts';
import { AddDocumentCard } from './AddDocumentCard.tsx';
import { DocumentList } from './DocumentList.tsx';
import { FolderNav, type KbBrowse } from './FolderNav.tsx';
import { SelectionCard } from './SelectionCard.tsx';
import { webData } from '../run/runSide.ts';
import { useKnowledgeBase } from './useKnowledgeBase.ts';

/** /knowledge-base: folders and documents the offer builder uses as context. */
export function KnowledgeBasePage() {
  const user = useUser();
  // Embedding a saved document asks first when its estimate is above the user's threshold.
  const { confirmJob, dialog } = useEstimateConfirm(webData);
  const kb = useKnowledgeBase(user?.id ?? '', confirmJob);
  const [browse, setBrowse] = useState<KbBrowse>('all');

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {dialog}
      <PageHeader
        title="Knowledge Base"
        subtitle="Reference texts, web pages and files the AI draws on when it builds your offers."
        actions={
          <Button component={RouterLink} to={ROUTES.offerBuilder} variant="outlined">
            Go to the offer builder
          </Button>
        }
      />
      <QueryState
        query={kb.query}
        loadingLabel="Loading the knowledge base"
        loadingSx={{ display: 'grid', placeItems: 'center', py: 8 }}
        errorText={(message) => `Error fetching the knowledge base: ${message}`}
      >
        {(state) => (
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '280px 1fr' }, alignItems: 'start' }}>
            <Stack spacing={3}>
              <FolderNav
                folders={state.folders}
                documents={state.documents}
                browse={browse}
                onBrowse={setBrowse}
                onCreate={kb.createFolder}
                onDelete={kb.deleteFolder}
              />
            </Stack>
            <Stack spacing={3} sx={{ minWidth: 0 }}>
              <SelectionCard
                folders={state.folders}
                documents={state.documents}
                selection={state.selection}
                onSelect={(s) => void kb.select(s)}
              />
              <AddDocumentCard
                key={browse}
                folders={state.folders}
                defaultFolderId={browse === 'all' || browse === 'uncategorized' ? null : browse}
                onAdd={kb.addDocument}
              />
              <section aria-labelledby="kb-documents-title">
                <Typography id="kb-documents-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
                  {browse === 'all'
                    ? 'All documents'
                    : browse === 'uncategorized'
                      ? 'Uncategorized'
                      : (state.folders.find((f) => f.id === browse)?.name ?? 'Documents')}
                </Typography>
                <DocumentList
                  folders={state.folders}
                  documents={state.documents.filter((d) =>
                    browse === 'all' ? true : browse === 'uncategorized' ? d.folderId === null : d.folderId === browse,
                  )}
                  onDelete={kb.deleteDocument}
                  onDownload={kb.downloadOriginal}
                />
              </section>
            </Stack>
          </Box>
        )}
      </QueryState>
    </Container>
  );
}
