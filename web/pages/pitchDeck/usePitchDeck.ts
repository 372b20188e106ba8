import { useCallback, useEffect, useRef, useState } from 'react';
import { toAiError } from '@/shared/ai/aiErrors.ts';
import { completeText } from '@/shared/ai/chat.ts';
import { KNOWLEDGE_TEXTS } from '@/shared/core/knowledge/grounding.ts';
import type { ProviderTarget } from '@/shared/ai/providers.ts';
import { parseDeckAnswer, parseSlideAnswer, type Slide, type SourceKind } from '@/shared/core/pitchDeck/deck.ts';
import { moveSlide, replaceSlide, slideProblem, toStored, updateSlide, withIds } from '@/shared/core/pitchDeck/edit.ts';
import { DEFAULT_THEME } from '@/shared/core/pitchDeck/layout.ts';
import { deckPrompt, slidePrompt, type DeckBrief } from '@/shared/core/pitchDeck/prompts.ts';
import type { SavedDeck } from '@/shared/data/pitchDecks.ts';
import type { KnowledgeChoice } from '@/shared/ui/knowledge/useKnowledgeChoice.ts';
import { useSaveDeckMutation } from '@/web/queries/pitchDecks.ts';
import { webUsage } from '@/web/lib/usage.ts';

export interface GenerateWith {
  target: ProviderTarget;
  model: string;
}

/** The deck on the page: what it came from, its slides as edited, and whether that differs from the saved copy. */
export interface WorkingDeck {
  id: string | null;
  title: string;
  theme: string;
  sourceKind: SourceKind;
  sourceId: string | null;
  brief: string;
  slides: Slide[];
  dirty: boolean;
}

export interface DeckSource {
  kind: SourceKind;
  id: string | null;
  brief: DeckBrief;
}

/** A failure shown above the deck: the provider's catalogue title and text, or the parser's sentence. */
export interface DeckProblem {
  title: string;
  message: string;
  kind?: string;
}

const fromSaved = (deck: SavedDeck): WorkingDeck => ({ ...deck, slides: withIds(deck.slides), dirty: false });

/**
 * The Pitch Deck editor's state: one AI request at a time (the whole deck, or one slide again),
 * grounded in the knowledge base when chosen; the edits; Save. A failure keeps what is on screen.
 */
export function usePitchDeck(knowledge: KnowledgeChoice) {
  const { mutateAsync: saveDeck, isPending: saving } = useSaveDeckMutation();
  const [deck, setDeck] = useState<WorkingDeck | null>(null);
  /** What runs now: the deck, or the id of the slide being rewritten. */
  const [busy, setBusy] = useState<'deck' | string | null>(null);
  const [problem, setProblem] = useState<DeckProblem | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  // The saved deck a slide is rewritten for (a new deck has none yet).
  const deckId = useRef<string | null>(null);
  deckId.current = deck?.id ?? null;

  const ask = useCallback(
    async <T>(prompt: string, using: GenerateWith, parse: (text: string) => { ok: true; value: T } | { ok: false; error: string }) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setProblem(null);
      try {
        const grounding = await knowledge.ground(prompt);
        if (grounding.error) {
          setProblem({ title: KNOWLEDGE_TEXTS.searchError, message: grounding.error.message });
          return null;
        }
        const usage = webUsage('pitch_deck', { subject: deckId.current ? { kind: 'pitch_deck', id: deckId.current } : null });
        const text = await completeText({ ...using, prompt: grounding.data.prompt, signal: current.signal, usage }, true);
        if (controller.current !== current) return null;
        const parsed = parse(text);
        if (!parsed.ok) {
          setProblem({ title: 'The deck could not be read', message: parsed.error });
          return null;
        }
        return parsed.value;
      } catch (thrown) {
        if (controller.current !== current) return null;
        const mapped = toAiError(thrown, { provider: using.target.provider });
        if (mapped.kind !== 'aborted') setProblem({ title: mapped.title, message: mapped.message, kind: mapped.kind });
        return null;
      } finally {
        if (controller.current === current) controller.current = null;
      }
    },
    [knowledge],
  );

  const generate = useCallback(
    async (source: DeckSource, using: GenerateWith) => {
      setBusy('deck');
      const slides = await ask(deckPrompt(source.brief), using, parseDeckAnswer);
      setBusy(null);
      if (!slides) return;
      setDeck((d) => ({
        id: null,
        title: source.brief.title,
        theme: d?.theme ?? DEFAULT_THEME.id,
        sourceKind: source.kind,
        sourceId: source.id,
        brief: source.brief.description,
        slides: withIds(slides),
        dirty: true,
      }));
    },
    [ask],
  );

  const regenerateSlide = useCallback(
    async (id: string, using: GenerateWith) => {
      if (!deck) return;
      const index = deck.slides.findIndex((s) => s.id === id);
      if (index < 0) return;
      setBusy(id);
      const brief = { title: deck.title, description: deck.brief || deck.title };
      const fresh = await ask(slidePrompt(brief, deck.slides, index), using, (text) => parseSlideAnswer(text, index + 1));
      setBusy(null);
      if (fresh) setDeck((d) => (d ? { ...d, slides: replaceSlide(d.slides, id, fresh), dirty: true } : d));
    },
    [ask, deck],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  const edit = useCallback(
    (change: Partial<Pick<WorkingDeck, 'title' | 'theme'>>) => setDeck((d) => (d ? { ...d, ...change, dirty: true } : d)),
    [],
  );
  const editSlide = useCallback(
    (id: string, change: Partial<Omit<Slide, 'id'>>) =>
      setDeck((d) => (d ? { ...d, slides: updateSlide(d.slides, id, change), dirty: true } : d)),
    [],
  );
  const move = useCallback(
    (index: number, delta: -1 | 1) => setDeck((d) => (d ? { ...d, slides: moveSlide(d.slides, index, delta), dirty: true } : d)),
    [],
  );

  /** What keeps the deck from being saved or exported (a slide without a title, too many bullets…), or null. */
  const deckProblem = deck
    ? deck.title.trim()
      ? (deck.slides.map((slide, i) => slideProblem(slide, i + 1)).find(Boolean) ?? null)
      : 'Give the deck a title.'
    : null;

  const save = useCallback(async () => {
    if (!deck || saving) return;
    const saved = await saveDeck({ ...deck, slides: toStored(deck.slides) }).catch(() => null);
    if (!saved) return;
    // Keep the slides as edited (with their ids); only the id and the saved state change.
    setDeck((d) => (d ? { ...d, id: saved.id, title: saved.title, dirty: false } : d));
  }, [deck, saving, saveDeck]);

  const open = useCallback((saved: SavedDeck) => {
    setProblem(null);
    setDeck(fromSaved(saved));
  }, []);
  /** The deck was renamed or deleted in the saved list. */
  const renamed = useCallback((id: string, title: string) => setDeck((d) => (d?.id === id ? { ...d, title } : d)), []);
  const dismissProblem = useCallback(() => setProblem(null), []);
  const deleted = useCallback((id: string) => setDeck((d) => (d?.id === id ? { ...d, id: null, dirty: true } : d)), []);

  return {
    deck,
    busy,
    problem,
    saving,
    deckProblem,
    generate,
    regenerateSlide,
    stop,
    edit,
    editSlide,
    move,
    save,
    open,
    renamed,
    deleted,
    dismissProblem,
  };
}

export type PitchDeckState = ReturnType<typeof usePitchDeck>;
