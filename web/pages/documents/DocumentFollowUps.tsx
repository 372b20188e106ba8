import { Card, CardContent, Typography } from '@mui/material';
import { CONVERSATION_TEXTS } from '@/shared/core/conversations/texts.ts';
import { documentTitleFrom, generationPrompt } from '@/shared/core/documents/templates.ts';
import type { AvailableKeys, ModelChoice } from '@/shared/ui/ai/ModelPicker.tsx';
import { SeededFollowUps } from '@/shared/ui/conversation/SeededFollowUps.tsx';
import { useRunOutputActions, webData } from '../run/runSide.ts';
import type { GenerationMeta } from './useGenerator.ts';

/**
 * "Make it shorter", "add a section on pricing": follow-ups on a generated document, as the user
 * last saved it (edited or as generated). The generation's prompt and the document are the
 * conversation's first turns; each answer can be saved as a document of its own. Follow-ups are
 * conversations, not generations: they are not counted against the month's documents.
 */
export function DocumentFollowUps(props: {
  meta: GenerationMeta;
  document: string;
  documentId: string | null;
  available: AvailableKeys;
  /** The generator's provider and model: changing them there switches the model for the next answer. */
  choice: ModelChoice;
}) {
  const { meta, document, documentId, available, choice } = props;
  const actions = useRunOutputActions();
  const title = documentTitleFrom(document, meta.templateId);
  return (
    <Card component="section" aria-labelledby="document-follow-ups-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="document-follow-ups-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          {CONVERSATION_TEXTS.followUpTitle}
        </Typography>
        <SeededFollowUps
          client={webData}
          origin={{ source: 'document', title, context: documentId ? { documentId } : {} }}
          first={{
            question: generationPrompt(meta.prompt, meta.templateId),
            answer: document,
            provider: choice.provider,
            model: choice.model,
          }}
          available={available}
          choice={choice}
          actions={actions}
          documentName={() => title}
          idPrefix="document-follow-up"
        />
      </CardContent>
    </Card>
  );
}
