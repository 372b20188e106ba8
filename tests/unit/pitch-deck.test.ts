import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  DECK_PARSE_ERRORS,
  deckFileName,
  parseDeckAnswer,
  parseSlideAnswer,
  pitchDeckPathFor,
  SLIDE_KINDS,
  storedSlides,
  type StoredSlide,
} from '@/shared/core/pitchDeck/deck.ts';
import { moveSlide, replaceSlide, slideProblem, toStored, updateSlide, withIds } from '@/shared/core/pitchDeck/edit.ts';
import { DECK_THEMES, deckLayout, themeById } from '@/shared/core/pitchDeck/layout.ts';
import { deckPrompt, ideaBrief, slidePrompt, textBrief } from '@/shared/core/pitchDeck/prompts.ts';
import { deckToPdf, deckToPptx } from '@/shared/export/deck.ts';

const slide = (i: number, kind: string | null = SLIDE_KINDS[i % SLIDE_KINDS.length]!) => ({
  kind,
  title: `Title ${i}`,
  bullets: [`Bullet ${i}a`, `Bullet ${i}b`],
  notes: `Notes ${i}`,
});
const deckJson = (count = 11) => JSON.stringify({ slides: Array.from({ length: count }, (_, i) => slide(i)) });

describe('parseDeckAnswer', () => {
  it('reads a whole deck, in order, with kinds, bullets and notes', () => {
    const parsed = parseDeckAnswer(deckJson());
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value).toHaveLength(11);
    expect(parsed.value[0]).toEqual({ kind: 'problem', title: 'Title 0', bullets: ['Bullet 0a', 'Bullet 0b'], notes: 'Notes 0' });
    expect(parsed.value.map((s) => s.kind)).toEqual([...SLIDE_KINDS]);
  });

  it('finds the JSON inside a fence or prose, and takes a bare array', () => {
    expect(parseDeckAnswer('Here you go:\n```json\n' + deckJson() + '\n```').ok).toBe(true);
    expect(parseDeckAnswer('Sure! ' + deckJson() + ' Good luck.').ok).toBe(true);
    expect(parseDeckAnswer(JSON.stringify(Array.from({ length: 10 }, (_, i) => slide(i)))).ok).toBe(true);
  });

  it('tidies what models vary on: bullets as one string of lines, list marks, "Go-to-market" kinds, missing notes, unknown kinds', () => {
    const slides = Array.from({ length: 10 }, (_, i) => slide(i)) as Record<string, unknown>[];
    slides[0] = { kind: 'Go-to-market', title: ' Launch ', bullets: '- First\n* Second\n\n3. Third' };
    slides[1] = { kind: 'vision', title: 'Vision', bullets: ['One'], notes: 42 };
    const parsed = parseDeckAnswer(JSON.stringify({ slides }));
    expect(parsed).toMatchObject({ ok: true });
    if (!parsed.ok) return;
    expect(parsed.value[0]).toEqual({ kind: 'go_to_market', title: 'Launch', bullets: ['First', 'Second', 'Third'], notes: '' });
    expect(parsed.value[1]).toEqual({ kind: null, title: 'Vision', bullets: ['One'], notes: '' });
  });

  it('gives a clear sentence for malformed or partial answers instead of throwing', () => {
    expect(parseDeckAnswer('')).toEqual({ ok: false, error: DECK_PARSE_ERRORS.empty });
    expect(parseDeckAnswer('I cannot help with that.')).toEqual({ ok: false, error: DECK_PARSE_ERRORS.notJson });
    expect(parseDeckAnswer(deckJson().slice(0, 300))).toEqual({ ok: false, error: DECK_PARSE_ERRORS.cutOff });
    expect(parseDeckAnswer('{"slides": []}')).toEqual({ ok: false, error: DECK_PARSE_ERRORS.noSlides });
    expect(parseDeckAnswer('{"deck": "nope"}')).toEqual({ ok: false, error: DECK_PARSE_ERRORS.noSlides });
    expect(parseDeckAnswer(deckJson(4))).toEqual({ ok: false, error: DECK_PARSE_ERRORS.slideCount(4) });
    expect(parseDeckAnswer(deckJson(13))).toEqual({ ok: false, error: DECK_PARSE_ERRORS.slideCount(13) });
    const noTitle = Array.from({ length: 10 }, (_, i) => slide(i)) as Record<string, unknown>[];
    noTitle[2] = { kind: 'market', bullets: ['x'] };
    expect(parseDeckAnswer(JSON.stringify({ slides: noTitle }))).toEqual({ ok: false, error: DECK_PARSE_ERRORS.noTitle(3) });
    const noBullets = Array.from({ length: 10 }, (_, i) => slide(i)) as Record<string, unknown>[];
    noBullets[4] = { kind: 'traction', title: 'Traction', bullets: [] };
    expect(parseDeckAnswer(JSON.stringify({ slides: noBullets }))).toEqual({ ok: false, error: DECK_PARSE_ERRORS.noBullets(5) });
    const notObject = Array.from({ length: 10 }, (_, i) => slide(i)) as unknown[];
    notObject[9] = 'just text';
    expect(parseDeckAnswer(JSON.stringify({ slides: notObject }))).toEqual({ ok: false, error: DECK_PARSE_ERRORS.noTitle(10) });
    expect(DECK_PARSE_ERRORS.slideCount(1)).toContain('wrote 1 slide;');
  });

  it('keeps at most 8 bullets a slide', () => {
    const slides = Array.from({ length: 10 }, (_, i) => slide(i)) as Record<string, unknown>[];
    slides[0] = { title: 'Many', bullets: Array.from({ length: 12 }, (_, i) => `b${i}`) };
    const parsed = parseDeckAnswer(JSON.stringify({ slides }));
    expect(parsed.ok && parsed.value[0]!.bullets).toHaveLength(8);
  });
});

describe('parseSlideAnswer', () => {
  it('reads one slide, bare or wrapped, and names the slide when it fails', () => {
    expect(parseSlideAnswer(JSON.stringify({ title: 'New', bullets: ['a'], notes: 'n' }), 3)).toEqual({
      ok: true,
      value: { kind: null, title: 'New', bullets: ['a'], notes: 'n' },
    });
    expect(parseSlideAnswer(JSON.stringify({ slide: { title: 'Wrapped', bullets: ['a'] } }), 3)).toMatchObject({ ok: true });
    expect(parseSlideAnswer('{"title": "', 3)).toEqual({ ok: false, error: DECK_PARSE_ERRORS.cutOff });
    expect(parseSlideAnswer('{"bullets": ["a"]}', 3)).toEqual({ ok: false, error: DECK_PARSE_ERRORS.noTitle(3) });
  });
});

describe('editing', () => {
  const slides = withIds(Array.from({ length: 4 }, (_, i) => slide(i)) as StoredSlide[]);

  it('gives every slide its own id', () => {
    expect(new Set(slides.map((s) => s.id)).size).toBe(4);
  });

  it('moves a slide one place up or down, and not past either end', () => {
    expect(moveSlide(slides, 1, -1).map((s) => s.title)).toEqual(['Title 1', 'Title 0', 'Title 2', 'Title 3']);
    expect(moveSlide(slides, 1, 1).map((s) => s.title)).toEqual(['Title 0', 'Title 2', 'Title 1', 'Title 3']);
    expect(moveSlide(slides, 0, -1).map((s) => s.title)).toEqual(['Title 0', 'Title 1', 'Title 2', 'Title 3']);
    expect(moveSlide(slides, 3, 1).map((s) => s.title)).toEqual(['Title 0', 'Title 1', 'Title 2', 'Title 3']);
    expect(moveSlide(slides, 7, 1)).toEqual(slides);
  });

  it('changes or replaces one slide and keeps its place, id and kind', () => {
    const id = slides[2]!.id;
    const edited = updateSlide(slides, id, { title: 'Edited' });
    expect(edited.map((s) => s.title)).toEqual(['Title 0', 'Title 1', 'Edited', 'Title 3']);
    const replaced = replaceSlide(slides, id, { kind: null, title: 'Fresh', bullets: ['x'], notes: 'y' });
    expect(replaced[2]).toEqual({ id, kind: slides[2]!.kind, title: 'Fresh', bullets: ['x'], notes: 'y' });
  });

  it('stores trimmed text without blank bullet lines, and says what keeps a slide from being saved', () => {
    const typed = { ...slides[0]!, title: ' T ', bullets: ['  one ', '', 'two', '  '], notes: ' n ' };
    expect(toStored([typed])).toEqual([{ kind: typed.kind, title: 'T', bullets: ['one', 'two'], notes: 'n' }]);
    expect(slideProblem(typed, 1)).toBeNull();
    expect(slideProblem({ ...typed, title: '  ' }, 2)).toBe('Slide 2 needs a title.');
    expect(slideProblem({ ...typed, bullets: Array.from({ length: 9 }, () => 'b') }, 3)).toBe('Slide 3 has more than 8 bullet points.');
    expect(storedSlides(toStored(slides))).toHaveLength(4);
    expect(storedSlides([{ title: '' }])).toBeNull();
    expect(storedSlides('nope')).toBeNull();
  });
});

describe('prompts and names', () => {
  const idea = {
    name: 'Garden Pilot',
    description: 'Balcony gardens for renters.',
    market: 'Urban renters',
    targetUsers: 'Renters',
    revenue: 'Subscription',
    competitors: ['Courses'],
    weaknesses: ['Churn'],
    businessPlan: { executive: 'Exec', market: 'GTM', solution: 'App' },
  };

  it('asks for the classic slides from the idea, and one slide again with the deck in view', () => {
    const brief = ideaBrief(idea);
    expect(brief.title).toBe('Garden Pilot');
    const prompt = deckPrompt(brief);
    expect(prompt).toMatch(/^Task: pitch-deck\n/);
    expect(prompt).toContain('Startup: Garden Pilot');
    expect(prompt).toContain(
      'Problem, Solution, Market, Product, Business model, Traction, Competition, Go-to-market, Team, Financials, The ask',
    );
    const slides = withIds([slide(0), slide(1)] as StoredSlide[]);
    const again = slidePrompt(brief, slides, 1);
    expect(again).toMatch(/^Task: pitch-deck-slide\nSlide: Solution\n/);
    expect(again).toContain('2. Title 1 (this slide)');
    expect(again).toContain('- Bullet 1a');
  });

  it('takes the first line of free text as the working title', () => {
    expect(textBrief('  Dog walking app\nfor busy owners ')).toEqual({
      title: 'Dog walking app',
      description: 'Dog walking app\nfor busy owners',
    });
    expect(textBrief('x'.repeat(100)).title).toHaveLength(60);
  });

  it('names files after the deck, without characters file systems refuse', () => {
    expect(deckFileName('Garden Pilot', 'pptx')).toBe('Garden Pilot.pptx');
    expect(deckFileName('A/B: "test"?\n', 'pdf')).toBe('A B test.pdf');
    expect(deckFileName('  ', 'pdf')).toBe('Pitch deck.pdf');
    expect(pitchDeckPathFor('idea', 'abc')).toBe('/pitch-deck?idea=abc');
  });
});

describe('slide layout and exports', () => {
  const slides = (JSON.parse(deckJson()) as { slides: StoredSlide[] }).slides;

  it('lays out a cover and every slide in order, in the theme, with the speaker notes', () => {
    const theme = themeById('paper');
    const specs = deckLayout('Garden Pilot', slides, theme);
    expect(specs).toHaveLength(12);
    expect(specs[0]!.texts[0]!.paragraphs).toEqual(['Garden Pilot']);
    expect(specs[1]!.texts.map((t) => t.paragraphs)).toEqual([['Title 0'], ['Bullet 0a', 'Bullet 0b'], ['Garden Pilot'], ['1']]);
    expect(specs[1]!.notes).toBe('Notes 0');
    expect(specs.every((s) => s.background === theme.background)).toBe(true);
    expect(themeById('unknown')).toBe(DECK_THEMES[0]);
    // Longer slides get smaller bullets so they still fit.
    const long = deckLayout(
      'T',
      [{ kind: null, title: 'Long', bullets: Array.from({ length: 8 }, () => 'word '.repeat(20)), notes: '' }],
      theme,
    );
    expect(long[1]!.texts[1]!.fontSize).toBeLessThan(specs[1]!.texts[1]!.fontSize);
  });

  it('writes a PPTX whose slides hold each title and its bullets in order, with notes, and a PDF', async () => {
    const specs = deckLayout('Garden Pilot', slides, themeById('midnight'));
    const zip = await JSZip.loadAsync(await deckToPptx('Garden Pilot', specs));
    const slideFiles = Object.keys(zip.files).filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name));
    expect(slideFiles).toHaveLength(12);
    for (const [i, s] of slides.entries()) {
      const xml = await zip.file(`ppt/slides/slide${i + 2}.xml`)!.async('string');
      const positions = [s.title, ...s.bullets].map((text) => xml.indexOf(text));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    }
    const notes = Object.keys(zip.files).filter((name) => /^ppt\/notesSlides\/notesSlide\d+\.xml$/.test(name));
    const allNotes = await Promise.all(notes.map((n) => zip.file(n)!.async('string')));
    expect(allNotes.some((xml) => xml.includes('Notes 3'))).toBe(true);
    const pdf = new Uint8Array(deckToPdf('Garden Pilot', specs));
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
  });
});
