import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Card, CardContent, Container, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/ManageSearchOutlined';
import { useQuery } from '@tanstack/react-query';
import { AI_TEXTS } from '@/shared/ai/aiErrors.ts';
import { groundedPrompt, KNOWLEDGE_TEXTS, type KnowledgePassage } from '@/shared/core/knowledge/grounding.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { searchesNatively, webGroundedTask } from '@/shared/core/webSearch.ts';
import { ok } from '@/shared/data/result.ts';
import { useWebSearchChoice, type WebGrounding } from '@/shared/ui/webSearch/useWebSearchChoice.ts';
import { WebSearchSwitch } from '@/shared/ui/webSearch/WebSearchSwitch.tsx';
import type { KbSelection } from '@/shared/data/knowledge.ts';
import { searchKnowledge } from '@/shared/data/knowledgeSearch.ts';
import { scopeFromValue, scopeMenuItems, scopeValue } from '@/shared/ui/knowledge/KnowledgeSelect.tsx';
import { hasUsableKey, ModelPicker, type ModelChoice } from '@/shared/ui/ai/ModelPicker.tsx';
import { knowledgeQueries } from '@/shared/ui/queries/knowledge.ts';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { useProviderKeys } from '@/web/lib/providerKeys.ts';
import { useUser } from '@/web/lib/sessionState.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { webData } from '../run/runSide.ts';
import { GroundedAnswer } from './GroundedAnswer.tsx';
import { useAvailableKeys, useKnowledgeEmbeddings } from './useKnowledgeEmbeddings.ts';
import { DictationTextField } from '@/shared/ui/ai/dictation.tsx';

/** The question asked and the passages found for it (null until the first question). */
interface Asked {
  number: number;
  question: string;
  passages: KnowledgePassage[];
  /** The embedding model that helped rank the passages, if any. */
  rankedWith: string | null;
  /** The web sources sent with the question (numbered after the passages), when the web was searched. */
  web: WebGrounding | null;
  /** The provider searches with its own tool while it answers, its sources numbered from `first`. */
  nativeSearch: { first: number } | null;
}

/** What the question is sent as: the passages to cite, and the web's sources (or leave to search) after them. */
function askedPrompt(asked: Asked): string {
  const today = new Date().toISOString().slice(0, 10);
  if (asked.web) return webGroundedTask(groundedPrompt(asked.question, asked.passages), asked.web.sources, today);
  if (!asked.nativeSearch) return groundedPrompt(asked.question, asked.passages);
  // The provider searches while it answers: the passages come first, the web covers the rest.
  return asked.passages.length
    ? `${groundedPrompt(asked.question, asked.passages)}\n\n${KNOWLEDGE_TEXTS.alsoSearchTheWeb}`
    : asked.question;
}

/**
 * /ai-features/smart-queries: a question across the knowledge base (or one folder of it). The
 * passages that answer it best are retrieved, the AI answers from them only and cites them, and
 * each cited source opens its document. The answer can be followed up like any other.
 */
export function SmartQueriesPage() {
  const user = useUser();
  const keys = useProviderKeys(user?.id ?? null);
  const [question, setQuestion] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [selection, setSelection] = useState<KbSelection>({ kind: 'all' });
  const [choice, setChoice] = useState<ModelChoice>({ provider: 'openai', model: '' });
  const [asked, setAsked] = useState<Asked | null>(null);
  const [searching, setSearching] = useState(false);
  const [searchError, setSearchError] = useState<string | null>(null);
  const knowledge = useQuery(knowledgeQueries.list(webData));
  const available = useAvailableKeys();
  const embeddings = useKnowledgeEmbeddings();
  const web = useWebSearchChoice(webData, user !== null);
  const usable = hasUsableKey(choice.provider, available);
  const empty = knowledge.data?.documents.length === 0;

  const ask = async () => {
    if (!question.trim()) return setProblem(KNOWLEDGE_TEXTS.emptyQuestion);
    if (!usable || !choice.model || searching) return;
    setProblem(null);
    setSearchError(null);
    setSearching(true);
    const embedding = await embeddings.embedQuestion(choice.provider, question).catch(() => null);
    const found = await searchKnowledge(supabase, question, { selection, embedding });
    if (found.error) {
      setSearching(false);
      return setSearchError(`${KNOWLEDGE_TEXTS.searchError}: ${found.error.message}`);
    }
    // Gemini and Claude search with their own tool while they answer; the others through the user's search key.
    const native = web.on && searchesNatively(choice.provider);
    // No search key, a refused key, a service down: its sentence, and nothing is sent.
    const searched = native ? ok(null) : await web.search(question, found.data.length + 1);
    setSearching(false);
    if (searched.error) return setSearchError(searched.error.message);
    setAsked({
      number: (asked?.number ?? 0) + 1,
      question: question.trim(),
      passages: found.data,
      rankedWith: embedding?.model ?? null,
      web: searched.data,
      nativeSearch: native ? { first: found.data.length + 1 } : null,
    });
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <PageHeader
        title="Smart Queries"
        subtitle="Ask in plain language across your knowledge base and get answers with their sources."
        actions={
          <Button component={RouterLink} to={ROUTES.knowledgeBase} variant="outlined">
            Knowledge Base
          </Button>
        }
      />
      <Stack spacing={3}>
        <Card
          component="form"
          aria-label={KNOWLEDGE_TEXTS.askLabel}
          onSubmit={(e) => {
            e.preventDefault();
            void ask();
          }}
        >
          <CardContent>
            <Stack spacing={2}>
              {empty && <Alert severity="info">{KNOWLEDGE_TEXTS.noPassages}</Alert>}
              <DictationTextField
                label={KNOWLEDGE_TEXTS.askLabel}
                placeholder={KNOWLEDGE_TEXTS.askPlaceholder}
                value={question}
                onValueChange={(next) => {
                  setQuestion(next);
                  setProblem(null);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                    e.preventDefault();
                    void ask();
                  }
                }}
                multiline
                minRows={2}
                error={problem !== null}
                helperText={problem ?? ' '}
              />
              <TextField
                select
                size="small"
                label="Search in"
                value={scopeValue(selection)}
                onChange={(e) => setSelection(scopeFromValue(e.target.value))}
              >
                {scopeMenuItems(knowledge.data?.folders ?? [])}
              </TextField>
              <WebSearchSwitch web={web} idPrefix="smart-query" disabled={searching} provider={choice.provider} />
              <ModelPicker value={choice} available={available} onChange={setChoice} idPrefix="smart-query" />
              {keys.ready && !usable && (
                <Alert severity="warning">
                  {AI_TEXTS.noKey(choice.provider)} <RouterLink to={ROUTES.settings}>Go to Settings</RouterLink>
                </Alert>
              )}
              {searchError && <Alert severity="error">{searchError}</Alert>}
              <Button
                type="submit"
                variant="contained"
                size="large"
                startIcon={<SearchIcon />}
                loading={searching}
                disabled={!usable || !choice.model}
                aria-keyshortcuts="Control+Enter"
              >
                {KNOWLEDGE_TEXTS.ask}
              </Button>
            </Stack>
          </CardContent>
        </Card>
        {asked?.rankedWith && asked.passages.length > 0 && (
          <Typography variant="body2" color="text.secondary" role="note">
            {KNOWLEDGE_TEXTS.rankedWith(asked.rankedWith)}
          </Typography>
        )}
        {asked && (
          <GroundedAnswer
            key={asked.number}
            question={asked.question}
            passages={asked.passages}
            web={asked.web}
            nativeSearch={asked.nativeSearch}
            prompt={askedPrompt(asked)}
            available={available}
            choice={choice}
          />
        )}
        {!asked && (
          <Typography variant="body2" color="text.secondary">
            {KNOWLEDGE_TEXTS.hint}
          </Typography>
        )}
      </Stack>
    </Container>
  );
}
