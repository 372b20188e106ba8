import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Box, Container } from '@mui/material';
import { PROVIDER_IDS } from '@/shared/core/providerKeys.ts';
import { PITCH_DECK_TEXTS as T } from '@/shared/core/pitchDeck/texts.ts';
import { hasUsableKey, targetFor, type AvailableKeys, type ModelChoice } from '@/shared/ui/ai/ModelPicker.tsx';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { useKnowledgeChoice } from '@/shared/ui/knowledge/useKnowledgeChoice.ts';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { useProfile } from '@/web/lib/sessionState.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { useAvailableKeys } from '../ideas/useAvailableKeys.ts';
import { DeckEditor } from './DeckEditor.tsx';
import { ProblemAlert } from './ProblemAlert.tsx';
import { SavedDecks } from './SavedDecks.tsx';
import { SourceCard, type SourceChoice } from './SourceCard.tsx';
import { usePitchDeck } from './usePitchDeck.ts';
import { useSavedDecks } from './useSavedDecks.ts';

const webData = async () => supabase;
const firstUsable = (available: AvailableKeys) => PROVIDER_IDS.find((id) => hasUsableKey(id, available));

/** The source a link asks for: ?idea=<id> (Saved Ideas), ?offer=<id> (the Offer Builder), else the user's own words. */
function initialSource(params: URLSearchParams): SourceChoice {
  const ideaId = params.get('idea') ?? '';
  const offerId = params.get('offer') ?? '';
  return { kind: ideaId ? 'idea' : offerId ? 'offer' : 'text', ideaId, offerId, text: '' };
}

/**
 * /pitch-deck: generate an investor deck from a saved idea, an offer or a description (optionally
 * grounded in the knowledge base) with the user's own key; edit, reorder and regenerate slides,
 * pick a theme, save, export PPTX or PDF. `?deck=<id>` opens a saved deck.
 */
export function PitchDeckPage() {
  const keys = useAvailableKeys();
  const readOnly = useProfile()?.role === 'view_only';
  const [params, setParams] = useSearchParams();
  const [source, setSource] = useState<SourceChoice>(() => initialSource(params));
  const [choice, setChoice] = useState<ModelChoice>({ provider: 'openai', model: '' });
  const knowledge = useKnowledgeChoice(webData, keys.signedIn);
  const state = usePitchDeck(knowledge);
  const saved = useSavedDecks();

  // Once per loaded key set: start on a provider with a key.
  const pickedFor = useRef<AvailableKeys | null>(null);
  useEffect(() => {
    if (!keys.ready || pickedFor.current === keys.available) return;
    pickedFor.current = keys.available;
    const first = firstUsable(keys.available);
    if (first && !hasUsableKey(choice.provider, keys.available)) setChoice({ provider: first, model: '' });
  }, [keys.ready, keys.available, choice.provider]);

  // ?deck=<id> opens that saved deck once.
  const deckParam = params.get('deck');
  const { load } = saved;
  const { open } = state;
  useEffect(() => {
    if (!deckParam) return;
    void load(deckParam).then((deck) => {
      if (!deck) return;
      open(deck);
      // The source card shows what the deck came from, ready to write it again.
      setSource((s) => ({
        ...s,
        kind: deck.sourceKind,
        ideaId: deck.sourceKind === 'idea' ? (deck.sourceId ?? '') : s.ideaId,
        offerId: deck.sourceKind === 'offer' ? (deck.sourceId ?? '') : s.offerId,
        text: deck.sourceKind === 'text' ? deck.brief : s.text,
      }));
    });
  }, [deckParam, load, open]);

  // Generating again or opening another deck replaces the one on screen: unsaved edits are asked about first.
  const [replacing, setReplacing] = useState<(() => void) | null>(null);
  const unlessUnsaved = (replace: () => void) => {
    if (state.deck?.dirty) setReplacing(() => replace);
    else replace();
  };

  const openDeck = (id: string) =>
    unlessUnsaved(() =>
      setParams((p) => {
        p.delete('idea');
        p.delete('offer');
        p.set('deck', id);
        return p;
      }),
    );

  const usable = hasUsableKey(choice.provider, keys.available);
  const using = { target: targetFor(choice.provider, keys.available), model: choice.model };
  const canRun = !readOnly && keys.ready && usable && Boolean(choice.model);
  const { deck } = state;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      {readOnly ? (
        <Alert severity="info" sx={{ mb: 4 }}>
          {T.viewOnly}
        </Alert>
      ) : (
        <SourceCard
          source={source}
          onSource={setSource}
          knowledge={knowledge}
          available={keys.available}
          choice={choice}
          onChoice={setChoice}
          canRun={canRun}
          generating={state.busy === 'deck'}
          problem={deck ? null : state.problem}
          onDismissProblem={state.dismissProblem}
          onGenerate={(s) => unlessUnsaved(() => void state.generate(s, using))}
          onStop={state.stop}
        />
      )}
      {deck && state.problem && state.busy === null && (
        <Box sx={{ mb: 3 }}>
          <ProblemAlert problem={state.problem} onClose={state.dismissProblem} />
        </Box>
      )}
      {deck && (
        <DeckEditor
          deck={deck}
          state={state}
          readOnly={readOnly}
          canRun={canRun}
          onRegenerate={(id) => void state.regenerateSlide(id, using)}
        />
      )}
      <SavedDecks
        saved={saved}
        readOnly={readOnly}
        openId={deck?.id ?? null}
        onOpen={openDeck}
        onRenamed={state.renamed}
        onDeleted={(id) => {
          state.deleted(id);
          // A reload must not try to open the deck that is gone.
          if (deckParam === id)
            setParams((p) => {
              p.delete('deck');
              return p;
            });
        }}
      />
      <ConfirmDialog
        open={replacing !== null}
        title={T.discardTitle}
        confirmLabel={T.discard}
        cancelLabel={T.keepEditing}
        onConfirm={() => {
          replacing?.();
          setReplacing(null);
        }}
        onCancel={() => setReplacing(null)}
      >
        {T.discardBody}
      </ConfirmDialog>
    </Container>
  );
}
