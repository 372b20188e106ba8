import type { ReactNode } from 'react';
import { MenuItem, TextField, Typography } from '@mui/material';
import { KNOWLEDGE_TEXTS } from '@/shared/core/knowledge/grounding.ts';
import type { KbFolder, KbSelection } from '@/shared/data/knowledge.ts';
import type { KnowledgeChoice } from './useKnowledgeChoice.ts';

const NONE = 'none';

/** A part of the knowledge base as a select's value: 'all', 'uncategorized' or a folder's id. */
export const scopeValue = (selection: KbSelection): string => (selection.kind === 'folder' ? selection.folderId : selection.kind);

export const scopeFromValue = (value: string): KbSelection =>
  value === 'all' || value === 'uncategorized' ? { kind: value } : { kind: 'folder', folderId: value };

/** The parts of the knowledge base a select offers: all of it, the uncategorized documents, each folder. */
export const scopeMenuItems = (folders: readonly Pick<KbFolder, 'id' | 'name'>[]) => [
  <MenuItem key="all" value="all">
    {KNOWLEDGE_TEXTS.allDocuments}
  </MenuItem>,
  <MenuItem key="uncategorized" value="uncategorized">
    {KNOWLEDGE_TEXTS.uncategorized}
  </MenuItem>,
  ...folders.map((folder) => (
    <MenuItem key={folder.id} value={folder.id}>
      {folder.name}
    </MenuItem>
  )),
];

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
      value={knowledge.selection ? scopeValue(knowledge.selection) : NONE}
      disabled={disabled}
      helperText={KNOWLEDGE_TEXTS.useHelp}
      onChange={(e) => {
        const value = e.target.value;
        knowledge.setSelection(value === NONE ? null : scopeFromValue(value));
      }}
    >
      <MenuItem value={NONE}>{KNOWLEDGE_TEXTS.dontUse}</MenuItem>
      {scopeMenuItems(knowledge.folders)}
    </TextField>
  );
}
