import { QUOTA_TEXTS } from '@/shared/core/quota.ts';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Link,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import BookmarkAddIcon from '@mui/icons-material/BookmarkAddOutlined';
import { generateButtonLabel, type FolderRow } from '@/shared/core/documents/generator.ts';
import type { DocumentFolder } from '@/shared/core/documents/documents.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { DOCUMENT_TEMPLATES, TEMPLATE_LIST, type TemplateId } from '@/shared/core/documents/templates.ts';
import { ModelPicker, type AvailableKeys } from '@/shared/ui/ai/ModelPicker.tsx';
import { KnowledgeSelect } from '@/shared/ui/knowledge/KnowledgeSelect.tsx';
import type { KnowledgeChoice } from '@/shared/ui/knowledge/useKnowledgeChoice.ts';
import { KnowledgeBaseLink } from '../knowledge/KnowledgeBaseLink.tsx';
import { fieldProblem } from '../files/fieldProblem.ts';
import { SuggestionPanel } from './SuggestionPanel.tsx';
import type { Generator } from './useGenerator.ts';
import { DictationTextField } from '@/shared/ui/ai/dictation.tsx';

const NO_FOLDER = '__none__';

export interface GeneratorFormProps {
  generator: Generator;
  available: AvailableKeys;
  keysReady: boolean;
  folderRows: FolderRow<DocumentFolder>[];
  saveFolderId: string | null;
  onSaveFolder: (folderId: string | null) => void;
  /** Opens "Save prompt" with this text (the prompt, or the suggestion). */
  onSavePrompt: (text: string, name?: string) => void;
  knowledge: KnowledgeChoice;
}

/** Prompt, template, provider and model, where the document goes, and the Generate flow's buttons. */
export function GeneratorForm({
  generator: g,
  available,
  keysReady,
  folderRows,
  saveFolderId,
  onSaveFolder,
  onSavePrompt,
  knowledge,
}: GeneratorFormProps) {
  const busy = g.flow.step === 'analysing' || g.flow.step === 'generating';
  const template = g.templateId ? DOCUMENT_TEMPLATES[g.templateId] : null;
  const problemOf = (field: 'prompt' | 'template') => (g.problem?.field === field ? g.problem.message : null);
  const templateField = fieldProblem(
    problemOf('template'),
    template ? `Sections: ${template.sections.join(' · ')}` : 'Ten templates, each with its own structure.',
  );

  return (
    <Card component="section" aria-labelledby="generator-title">
      <CardContent sx={{ display: 'grid', gap: 2.5, p: { xs: 2, sm: 3 } }}>
        <Typography id="generator-title" variant="h6" component="h2">
          Create a document
        </Typography>
        <Box
          component="form"
          aria-label="Document generator"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void g.press();
          }}
          sx={{ display: 'grid', gap: 2.5 }}
        >
          <DictationTextField
            label="Prompt"
            placeholder="What should the document be about? Who reads it, and what should they do next?"
            value={g.promptText}
            onValueChange={g.setPromptText}
            multiline
            minRows={5}
            maxRows={16}
            fullWidth
            {...fieldProblem(problemOf('prompt'), 'The more you say about the reader and the goal, the better the document.')}
          />
          <TextField
            select
            label="Document template"
            value={g.templateId}
            onChange={(e) => g.chooseTemplate(e.target.value as TemplateId)}
            fullWidth
            {...templateField}
            slotProps={{
              ...templateField.slotProps,
              select: { renderValue: (value) => (value ? DOCUMENT_TEMPLATES[value as TemplateId].label : '') },
            }}
          >
            {TEMPLATE_LIST.map((t) => (
              <MenuItem key={t.id} value={t.id} sx={{ whiteSpace: 'normal' }}>
                <ListItemText primary={t.label} secondary={t.description} />
              </MenuItem>
            ))}
          </TextField>
          <ModelPicker value={g.choice} available={available} onChange={g.chooseModel} idPrefix="generator" />
          <KnowledgeSelect knowledge={knowledge} idPrefix="generator" disabled={busy} addDocuments={<KnowledgeBaseLink />} />
          {g.problem?.field === 'key' && (
            <Alert
              severity="error"
              role="alert"
              action={
                <Button component={RouterLink} to={ROUTES.settings} color="inherit" size="small">
                  Settings
                </Button>
              }
            >
              <AlertTitle sx={{ mb: 0 }}>{g.problem.message}</AlertTitle>
              Add your key in Settings to generate with this provider, or choose another one.
            </Alert>
          )}
          <TextField
            select
            size="small"
            label="Save documents to"
            value={saveFolderId ?? NO_FOLDER}
            onChange={(e) => onSaveFolder(e.target.value === NO_FOLDER ? null : e.target.value)}
            sx={{ maxWidth: { sm: 360 } }}
          >
            <MenuItem value={NO_FOLDER}>No folder</MenuItem>
            {folderRows.map(({ folder, depth }) => (
              <MenuItem key={folder.id} value={folder.id} sx={{ pl: 2 + depth * 2 }}>
                {folder.name}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap', rowGap: 1.5 }}>
            <Button type="submit" variant="contained" size="large" startIcon={<AutoAwesomeIcon />} disabled={busy || !keysReady}>
              {generateButtonLabel(g.flow)}
            </Button>
            <Button variant="outlined" startIcon={<AutoFixHighIcon />} disabled={busy || !keysReady} onClick={() => void g.improve()}>
              Suggest a better prompt
            </Button>
            <Button startIcon={<BookmarkAddIcon />} onClick={() => onSavePrompt(g.promptText)}>
              Save prompt
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {g.flow.step === 'compose' || g.flow.step === 'analysisFailed'
              ? `Generate first suggests a sharper prompt; press it again to write the document. ${QUOTA_TEXTS.rule}`
              : g.flow.step === 'ready' || g.flow.step === 'suggested'
                ? 'Press Generate document to write it with the prompt above.'
                : '\u00a0'}
          </Typography>
        </Box>
        <SuggestionPanel generator={g} onSaveToLibrary={onSavePrompt} />
        {!keysReady && (
          <Typography variant="body2" color="text.secondary">
            Loading your AI keys…{' '}
            <Link component={RouterLink} to={ROUTES.settings}>
              Settings
            </Link>
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
