import { Card, CardContent, Typography } from '@mui/material';
import { KNOWLEDGE_TEXTS, type KnowledgePassage } from '@/shared/core/knowledge/grounding.ts';
import type { AppClient } from '@/shared/data/supabase.ts';
import { CitedSources } from './CitedSources.tsx';

/** Beside an answer written with the knowledge base: how many passages went with it (or that none matched), and those it cites. */
export function UsedSources({
  client,
  answer,
  passages,
  idPrefix,
}: {
  client: () => Promise<AppClient>;
  answer: string;
  passages: KnowledgePassage[];
  idPrefix: string;
}) {
  return (
    <Card component="aside" aria-label={KNOWLEDGE_TEXTS.useLabel}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {passages.length ? KNOWLEDGE_TEXTS.groundedWith(passages.length) : KNOWLEDGE_TEXTS.nothingMatched}
        </Typography>
        <CitedSources client={client} answer={answer} passages={passages} idPrefix={idPrefix} />
      </CardContent>
    </Card>
  );
}
