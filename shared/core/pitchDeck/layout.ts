import type { StoredSlide } from './deck.ts';

/**
 * The deck's look and the place of everything on each slide, shared by the PPTX and PDF exports
 * and the on-screen preview: a cover with the deck's title, then one slide per deck slide with its
 * title, bullets, a footer and the speaker notes; a slide with a picture has its bullets in the
 * left half and the picture in the right. Sizes in inches on a 16:9 slide. Pure.
 */

export interface DeckTheme {
  id: string;
  name: string;
  /** Colours as RRGGBB (no #): background, title, body text, accent bar, footer. */
  background: string;
  title: string;
  text: string;
  accent: string;
  muted: string;
  font: string;
}

export const DECK_THEMES: readonly DeckTheme[] = [
  {
    id: 'midnight',
    name: 'Midnight',
    background: '101828',
    title: 'FFFFFF',
    text: 'D0D5DD',
    accent: '8B5CF6',
    muted: '98A2B3',
    font: 'Arial',
  },
  { id: 'paper', name: 'Paper', background: 'FFFFFF', title: '101828', text: '344054', accent: '2563EB', muted: '667085', font: 'Arial' },
  {
    id: 'sunrise',
    name: 'Sunrise',
    background: 'FFF7ED',
    title: '7C2D12',
    text: '431407',
    accent: 'F97316',
    muted: '9A3412',
    font: 'Georgia',
  },
  {
    id: 'forest',
    name: 'Forest',
    background: '052E16',
    title: 'F0FDF4',
    text: 'BBF7D0',
    accent: '22C55E',
    muted: '86EFAC',
    font: 'Verdana',
  },
];
export const DEFAULT_THEME = DECK_THEMES[0]!;

export const themeById = (id: string): DeckTheme => DECK_THEMES.find((theme) => theme.id === id) ?? DEFAULT_THEME;

export const SLIDE_SIZE = { width: 10, height: 5.625 } as const;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A picture's size in pixels: all the layout needs to keep its shape. */
export interface PictureSize {
  width: number;
  height: number;
}

/** The picture on a slide, by its generated_images id; `alt` describes it to screen readers and in the PPTX. */
interface SlidePicture extends Box {
  imageId: string;
  alt: string;
}

interface TextBlock extends Box {
  /** One paragraph each; bullets are drawn with a bullet mark. */
  paragraphs: string[];
  bullet: boolean;
  fontSize: number;
  color: string;
  bold: boolean;
  align: 'left' | 'right';
}

export interface SlideSpec {
  background: string;
  font: string;
  bars: (Box & { color: string })[];
  texts: TextBlock[];
  /** null: the slide has no picture, or its picture is gone (deleted, file missing). */
  picture: SlidePicture | null;
  notes: string;
}

const MARGIN = 0.6;
const WIDTH = SLIDE_SIZE.width - 2 * MARGIN;
const BODY_Y = 1.6;
const BODY_H = 3.3;
const COLUMN_GAP = 0.35;
const COLUMN_W = (WIDTH - COLUMN_GAP) / 2;

/**
 * Where a slide's picture may go: the right half of the body, below the title (which keeps the
 * full width, so long titles still fit on one or two lines) and above the footer.
 */
export const PICTURE_AREA: Readonly<Box> = { x: MARGIN + COLUMN_W + COLUMN_GAP, y: BODY_Y, w: COLUMN_W, h: BODY_H };

/**
 * The picture's box on the slide: as large as the area allows at the picture's own shape (never
 * stretched, never cropped), against the right margin and level with the first bullet; null for a
 * size no picture has.
 */
export function pictureBox(size: PictureSize): Box | null {
  const { width, height } = size;
  if (!(width > 0 && height > 0 && Number.isFinite(width) && Number.isFinite(height))) return null;
  const aspect = width / height;
  const w = Math.min(PICTURE_AREA.w, PICTURE_AREA.h * aspect);
  const h = w / aspect;
  return { x: PICTURE_AREA.x + PICTURE_AREA.w - w, y: PICTURE_AREA.y, w, h };
}

/** Fewer, longer bullets get more room: the size falls as the text grows, sooner in the half-width column beside a picture. */
function bulletSize(bullets: readonly string[], beside: boolean): number {
  const chars = bullets.reduce((sum, b) => sum + b.length, 0) * (beside ? WIDTH / COLUMN_W : 1);
  if (beside && chars > 1000) return 12;
  if (bullets.length > 6 || chars > 600) return 14;
  if (bullets.length > 4 || chars > 350) return 16;
  return 18;
}

function cover(title: string, slideCount: number, theme: DeckTheme): SlideSpec {
  return {
    background: theme.background,
    font: theme.font,
    bars: [{ x: MARGIN, y: 2.05, w: 1.2, h: 0.08, color: theme.accent }],
    texts: [
      {
        x: MARGIN,
        y: 2.25,
        w: WIDTH,
        h: 1.3,
        paragraphs: [title],
        bullet: false,
        fontSize: 36,
        color: theme.title,
        bold: true,
        align: 'left',
      },
      {
        x: MARGIN,
        y: 3.6,
        w: WIDTH,
        h: 0.5,
        paragraphs: [`Investor presentation · ${slideCount} slides`],
        bullet: false,
        fontSize: 16,
        color: theme.muted,
        bold: false,
        align: 'left',
      },
    ],
    picture: null,
    notes: '',
  };
}

function contentSlide(deckTitle: string, slide: StoredSlide, n: number, theme: DeckTheme, size: PictureSize | undefined): SlideSpec {
  const box = size ? pictureBox(size) : null;
  const picture = box && slide.imageId ? { ...box, imageId: slide.imageId, alt: slide.title } : null;
  const footer = { y: SLIDE_SIZE.height - 0.45, h: 0.3, bullet: false, fontSize: 10, color: theme.muted, bold: false } as const;
  return {
    background: theme.background,
    font: theme.font,
    bars: [{ x: MARGIN, y: 0.45, w: 0.8, h: 0.06, color: theme.accent }],
    texts: [
      {
        x: MARGIN,
        y: 0.6,
        w: WIDTH,
        h: 0.9,
        paragraphs: [slide.title],
        bullet: false,
        fontSize: 28,
        color: theme.title,
        bold: true,
        align: 'left',
      },
      {
        x: MARGIN,
        y: BODY_Y,
        w: picture ? COLUMN_W : WIDTH,
        h: BODY_H,
        paragraphs: slide.bullets,
        bullet: true,
        fontSize: bulletSize(slide.bullets, Boolean(picture)),
        color: theme.text,
        bold: false,
        align: 'left',
      },
      { ...footer, x: MARGIN, w: WIDTH - 1, paragraphs: [deckTitle], align: 'left' },
      { ...footer, x: SLIDE_SIZE.width - MARGIN - 1, w: 1, paragraphs: [String(n)], align: 'right' },
    ],
    picture,
    notes: slide.notes,
  };
}

/**
 * Every slide of the exported deck: the cover, then the slides in order, numbered from 1.
 * `pictures` holds the size of each picture that can be shown, by id; a slide whose picture is
 * not there is laid out as one without a picture (full-width bullets, no empty half).
 */
export function deckLayout(
  title: string,
  slides: readonly StoredSlide[],
  theme: DeckTheme,
  pictures: ReadonlyMap<string, PictureSize> = new Map(),
): SlideSpec[] {
  return [
    cover(title, slides.length, theme),
    ...slides.map((slide, i) => contentSlide(title, slide, i + 1, theme, slide.imageId ? pictures.get(slide.imageId) : undefined)),
  ];
}
