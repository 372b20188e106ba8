import { useState } from 'react';
import { Box, Button, List, ListItem, Typography } from '@mui/material';
import OpenIcon from '@mui/icons-material/DescriptionOutlined';
import { citationsIn, KNOWLEDGE_TEXTS, type KnowledgePassage } from '@/shared/core/knowledge/grounding.ts';
import type { AppClient } from '@/shared/data/supabase.ts';
import { SourceDialog } from './SourceDialog.tsx';

const PASSAGE_PREVIEW = 280;

/** The sources an answer cites (number, document, passage), each opening its document with the passage marked. */
export function CitedSources({
  client,
  answer,
  passages,
  idPrefix = 'sources',
}: {
  client: () => Promise<AppClient>;
  answer: string;
  passages: KnowledgePassage[];
  idPrefix?: string;
}) {
  const [opened, setOpened] = useState<KnowledgePassage | null>(null);
  const cited = citationsIn(answer, passages);
  if (!cited.length) return null;
  const titleId = `${idPrefix}-title`;
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h3">
        {KNOWLEDGE_TEXTS.sources}
      </Typography>
      <List aria-labelledby={titleId} dense>
        {cited.map(({ number, passage }) => (
          <ListItem key={number} disableGutters sx={{ alignItems: 'flex-start', gap: 1.5 }}>
            <Typography sx={{ fontWeight: 700, minWidth: 28 }}>[{number}]</Typography>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Button size="small" startIcon={<OpenIcon fontSize="small" />} onClick={() => setOpened(passage)} sx={{ px: 0 }}>
                {passage.documentName}
              </Button>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {passage.content.length > PASSAGE_PREVIEW ? `${passage.content.slice(0, PASSAGE_PREVIEW)}…` : passage.content}
              </Typography>
            </Box>
          </ListItem>
        ))}
      </List>
      <SourceDialog client={client} passage={opened} onClose={() => setOpened(null)} />
    </Box>
  );
}
