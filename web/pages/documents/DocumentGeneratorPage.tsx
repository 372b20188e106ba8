import { defaultModel } from '@/shared/ai/modelChoice.ts';
import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Container, Link, Stack } from '@mui/material';
import { folderTreeRows } from '@/shared/core/documents/generator.ts';
import { folderSortOf } from '@/shared/core/documents/documents.ts';
import { PROVIDER_IDS, type ProviderId } from '@/shared/core/providerKeys.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import type { DocumentSummary } from '@/shared/data/documents/documents.ts';
import type { AvailableKeys } from '@/shared/ui/ai/ModelPicker.tsx';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { useProviderKeys } from '@/web/lib/providerKeys.ts';
import { useProfile, useUser } from '@/web/lib/sessionState.ts';
import { NameDialog } from '../files/NameDialog.tsx';
import { UsedSources } from '@/shared/ui/knowledge/UsedSources.tsx';
import { useKnowledgeChoice } from '@/shared/ui/knowledge/useKnowledgeChoice.ts';
import { useCreatePromptMutation } from '@/shared/ui/queries/prompts.ts';
import { webData } from '../run/runSide.ts';
import { DocumentsSection } from './DocumentsSection.tsx';
import { GeneratorForm } from './GeneratorForm.tsx';
import { QuotaLimitDialog, QuotaMeter } from './QuotaMeter.tsx';
import { RecentPrompts } from './RecentPrompts.tsx';
import { DocumentFollowUps } from './DocumentFollowUps.tsx';
import { ResultCard } from './ResultCard.tsx';
import { SavePromptDialog, type SavePromptRequest } from './SavePromptDialog.tsx';
import { useDocumentShares } from './useDocumentShares.ts';
import { useDocuments } from './useDocuments.ts';
import { useGenerator } from './useGenerator.ts';
import { useQuota } from './useQuota.ts';
import { useSavedDocument } from './useSavedDocument.ts';

/**
 * /document-generator: a prompt, one of ten templates
 * and the user's own provider; the suggested-prompt flow; the month's n / 50 counted by the
 * database; generated documents saved into folders, listed in six sorts (newest, oldest, name and folder A-Z/Z-A), opened, renamed,
 * moved, deleted and downloaded.
 */
export function DocumentGeneratorPage() {
  const user = useUser();
  const profile = useProfile();
  const userId = user?.id ?? '';
  const readOnly = profile?.role === 'view_only';

  const keys = useProviderKeys(user?.id ?? null);
  const available = useMemo<AvailableKeys>(
    () => ({
      keys: Object.fromEntries(PROVIDER_IDS.map((id) => [id, keys.state.keys[id].value])) as Record<ProviderId, string | null>,
      customBaseUrl: keys.state.baseUrl.value,
    }),
    [keys.state],
  );

  const quota = useQuota(userId);
  const documents = useDocuments(userId);
  const shares = useDocumentShares(userId, !readOnly);
  const list = documents.query.data;
  const folders = useMemo(() => list?.folders ?? [], [list]);
  const rows = useMemo(() => folderTreeRows(folders, folderSortOf(documents.sort)), [folders, documents.sort]);
  const folderLabel = useCallback(
    (id: string | null) => (id ? (folders.find((f) => f.id === id)?.name ?? 'a deleted folder') : 'No folder'),
    [folders],
  );

  const [chosenFolderId, setChosenFolderId] = useState<string | null>(null);
  // A folder deleted meanwhile is no place to save to.
  const saveFolderId = chosenFolderId && folders.some((f) => f.id === chosenFolderId) ? chosenFolderId : null;
  const saving = useSavedDocument({
    documents,
    folderId: saveFolderId,
    folderLabel: saveFolderId ? `“${folderLabel(saveFolderId)}”` : 'My documents',
  });
  const knowledge = useKnowledgeChoice(webData, true);
  const generator = useGenerator({ available, keysReady: keys.ready, quota, saving, knowledge: knowledge.selection });

  const { mutateAsync: createPrompt, isPending: savingPrompt } = useCreatePromptMutation(webData);
  const [savePrompt, setSavePrompt] = useState<SavePromptRequest | null>(null);
  const [renaming, setRenaming] = useState<DocumentSummary | null>(null);
  // The result as the user last saved it from the editor, for the generation it belongs to.
  const [edited, setEdited] = useState<{ id: number; text: string } | null>(null);
  const generationId = generator.meta?.id ?? -1;

  // The current generation's saved document as the list has it now (renamed, moved; null once deleted).
  const saved = generator.meta && saving.saved?.generationId === generator.meta.id ? saving.saved.doc : null;
  const savedDoc = saved && list ? (list.documents.find((d) => d.id === saved.id) ?? null) : saved;

  const savePromptToLibrary = async (name: string, text: string): Promise<string | null> => {
    const problem = await createPrompt({
      name,
      promptText: text,
      templateId: generator.templateId || null,
      llmProvider: generator.choice.provider,
      model: generator.choice.model || null,
      folderId: null,
    }).then(
      () => null,
      (error: Error) => error.message,
    );
    if (problem === null) setSavePrompt(null);
    return problem;
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageHeader
        title="Document Generator"
        subtitle="Turn a prompt into a finished document with one of ten templates and your own AI key."
        actions={<QuotaMeter quota={quota} />}
      />
      {readOnly && (
        <Alert severity="info" sx={{ mb: 3 }}>
          Your account is view-only: you can read and download documents, but not generate, save or change them. Documents and workspaces
          shared with you are in the{' '}
          <Link component={RouterLink} to={ROUTES.fileManager}>
            File Manager
          </Link>
          .
        </Alert>
      )}
      <Stack spacing={3}>
        {!readOnly && (
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 320px' }, alignItems: 'start' }}>
            <Stack spacing={3} sx={{ minWidth: 0 }}>
              <GeneratorForm
                generator={generator}
                available={available}
                keysReady={keys.ready}
                folderRows={rows}
                saveFolderId={saveFolderId}
                onSaveFolder={setChosenFolderId}
                onSavePrompt={(text, name = '') => setSavePrompt({ text, name })}
                knowledge={knowledge}
              />
              {generator.meta && (
                <ResultCard
                  key={generator.meta.id}
                  run={generator.run}
                  meta={generator.meta}
                  savedDoc={savedDoc}
                  folderLabel={folderLabel}
                  saving={saving}
                  onRename={setRenaming}
                  onDownload={documents.download}
                  onEdited={(text) => setEdited({ id: generationId, text })}
                />
              )}
              {generator.meta?.passages && generator.run.status !== 'running' && (
                <UsedSources
                  client={webData}
                  answer={edited?.id === generator.meta.id ? edited.text : generator.run.text}
                  passages={generator.meta.passages}
                  idPrefix="document-sources"
                />
              )}
              {generator.meta && generator.meta.counted === 'counted' && generator.run.text.trim() && (
                <DocumentFollowUps
                  key={generator.meta.id}
                  meta={generator.meta}
                  document={edited?.id === generator.meta.id ? edited.text : generator.run.text}
                  documentId={savedDoc?.id ?? null}
                  available={available}
                  choice={{ ...generator.choice, model: generator.choice.model || defaultModel(generator.choice.provider, null) }}
                />
              )}
            </Stack>
            <RecentPrompts onPick={generator.loadPrompt} />
          </Box>
        )}
        <DocumentsSection
          documents={documents}
          shares={shares}
          rows={rows}
          folderLabel={folderLabel}
          readOnly={readOnly}
          onRename={setRenaming}
        />
      </Stack>

      {savePrompt && (
        <SavePromptDialog request={savePrompt} onSave={savePromptToLibrary} saving={savingPrompt} onClose={() => setSavePrompt(null)} />
      )}
      <NameDialog
        open={renaming !== null}
        title="Rename document"
        label="Document name"
        initial={renaming?.name ?? ''}
        submitLabel="Rename"
        busy={documents.renamingDocument}
        onCancel={() => setRenaming(null)}
        onSubmit={async (name) => {
          if (!renaming) return null;
          const problem = await documents.renameDocument(renaming, name);
          if (!problem) setRenaming(null);
          return problem;
        }}
      />
      <QuotaLimitDialog quota={quota} />
    </Container>
  );
}
