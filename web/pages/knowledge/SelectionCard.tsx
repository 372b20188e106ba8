import { Alert, Card, CardContent, FormControl, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import { knowledgeContext, KNOWLEDGE_BUDGET_MAX_CHARS } from '@/shared/core/offers/prompts.ts';
import { selectedDocuments, type KbDocument, type KbFolder, type KbSelection } from '@/shared/data/knowledge.ts';

const encode = (selection: KbSelection) => (selection.kind === 'folder' ? `folder:${selection.folderId}` : selection.kind);
const decode = (value: string): KbSelection =>
  value.startsWith('folder:')
    ? { kind: 'folder', folderId: value.slice(7) }
    : value === 'uncategorized'
      ? { kind: 'uncategorized' }
      : { kind: 'all' };

/** Which documents feed generation (all, one folder, or uncategorized only), and how much of them fits. */
export function SelectionCard(props: {
  folders: KbFolder[];
  documents: KbDocument[];
  selection: KbSelection;
  onSelect: (s: KbSelection) => void;
}) {
  const { folders, documents, selection } = props;
  const count = (s: KbSelection) => selectedDocuments(documents, s).length;
  const chosen = selectedDocuments(documents, selection);
  // Warn only when even a long-context model cannot take it all (the offer builder says what its model gets).
  const context = knowledgeContext(chosen, KNOWLEDGE_BUDGET_MAX_CHARS);
  const words = chosen.reduce((sum, d) => sum + d.content.split(/\s+/).filter(Boolean).length, 0);
  return (
    <Card component="section" aria-labelledby="kb-selection-title">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Stack spacing={2}>
          <div>
            <Typography id="kb-selection-title" variant="h6" component="h2">
              Used for generation
            </Typography>
            <Typography variant="body2" color="text.secondary">
              The offer builder adds these documents to its prompts as background knowledge.
            </Typography>
          </div>
          <FormControl fullWidth size="small">
            <InputLabel id="kb-selection-label">Knowledge to use</InputLabel>
            <Select
              labelId="kb-selection-label"
              label="Knowledge to use"
              value={encode(selection)}
              onChange={(e) => props.onSelect(decode(e.target.value))}
            >
              <MenuItem value="all">All documents ({count({ kind: 'all' })})</MenuItem>
              <MenuItem value="uncategorized">Uncategorized only ({count({ kind: 'uncategorized' })})</MenuItem>
              {folders.map((folder) => (
                <MenuItem key={folder.id} value={`folder:${folder.id}`}>
                  {folder.name} ({count({ kind: 'folder', folderId: folder.id })})
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Typography variant="body2" aria-live="polite">
            {chosen.length === 0
              ? 'No documents selected: offers are generated from your idea alone.'
              : `${chosen.length} document${chosen.length === 1 ? '' : 's'}, about ${words.toLocaleString('en-US')} words.`}
          </Typography>
          {context.trimmed && (
            <Alert severity="info" variant="outlined">
              That is more than fits in one prompt: at most the first {KNOWLEDGE_BUDGET_MAX_CHARS.toLocaleString('en-US')} characters (
              {context.included} of {context.total} documents, oldest first) are sent. Pick a folder to choose what matters most.
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
