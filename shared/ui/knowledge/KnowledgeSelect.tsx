import type { ReactNode } from 'react';
import { MenuItem, TextField, Typography } from '@mui/material';
import { KNOWLEDGE_TEXTS } from '@/shared/core/knowledge/grounding.ts';
import type { KbSelection } from '@/shared/data/knowledge.ts';
import type { KnowledgeChoice } from './useKnowledgeChoice.ts';

const NONE = 'none';
const valueOf = (selection: KbSelection | null) => (!selection ? NONE : selection.kind === 'folder' ? selection.folderId : selection.kind);

/** "Knowledge base": not used, all of it, the uncategorized documents or one folder; with no documents yet, the way to add some. */
export function KnowledgeSelect({
  knowledge,
  idPrefix,
  disabled,
  addDocuments,
}: {
  knowledge: KnowledgeChoice;
  idPrefix: string;
  disabled?: boolean;
  /** The way to the Knowledge Base page, as this surface links to it. */
  addDocuments?: ReactNode;
}) {
  if (knowledge.documentCount === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {KNOWLEDGE_TEXTS.emptyBase} {addDocuments}
      </Typography>
    );
  return (
    <TextField
      select
      size="small"
      id={`${idPrefix}-knowledge`}
      label={KNOWLEDGE_TEXTS.useLabel}
      value={valueOf(knowledge.selection)}
      disabled={disabled}
      helperText={KNOWLEDGE_TEXTS.useHelp}
      onChange={(e) => {
        const value = e.target.value;
        knowledge.setSelection(
          value === NONE ? null : value === 'all' || value === 'uncategorized' ? { kind: value } : { kind: 'folder', folderId: value },
        );
      }}
    >
      <MenuItem value={NONE}>{KNOWLEDGE_TEXTS.dontUse}</MenuItem>
      <MenuItem value="all">{KNOWLEDGE_TEXTS.allDocuments}</MenuItem>
      <MenuItem value="uncategorized">{KNOWLEDGE_TEXTS.uncategorized}</MenuItem>
      {knowledge.folders.map((folder) => (
        <MenuItem key={folder.id} value={folder.id}>
          {folder.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
