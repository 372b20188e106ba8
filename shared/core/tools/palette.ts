/**
 * Color palette generator (free tool, /free-tools/color-palette): colour harmonies of a base
 * colour, computed with colord and its harmonies plugin, each swatch with a readable text colour.
 * Pure: no browser, React or Supabase imports.
 */
import { colord, extend, type Colord } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import harmoniesPlugin from 'colord/plugins/harmonies';

extend([harmoniesPlugin, a11yPlugin]);

export type HarmonyId = 'complementary' | 'analogous' | 'triadic' | 'split-complementary' | 'tetradic' | 'monochromatic';

export interface Harmony {
  id: HarmonyId;
  label: string;
  description: string;
}

/** The harmonies the tool shows, in order. */
export const HARMONIES: readonly Harmony[] = [
  { id: 'complementary', label: 'Complementary', description: 'The base and the color opposite it on the wheel: strong contrast.' },
  { id: 'analogous', label: 'Analogous', description: 'Neighbours on the color wheel (±30°): calm and cohesive.' },
  { id: 'triadic', label: 'Triadic', description: 'Three colors evenly spaced (120° apart): vibrant but balanced.' },
  {
    id: 'split-complementary',
    label: 'Split-complementary',
    description: 'The base plus the two colors beside its complement: contrast with less tension.',
  },
  { id: 'tetradic', label: 'Tetradic', description: 'Four colors in two complementary pairs (90° apart): rich and varied.' },
  { id: 'monochromatic', label: 'Monochromatic', description: 'Lighter and darker versions of the base: simple and elegant.' },
];

export const DEFAULT_BASE_COLOR = '#4f46e5';

export const HEX_ERROR = 'Enter a hex color such as #4F46E5 (3 or 6 hex digits).';

/** '#abc', 'abc', '#AABBCC' or 'aabbcc' → '#aabbcc'; anything else → null. */
export function normalizeHex(input: string): string | null {
  const raw = input.trim().replace(/^#/, '');
  if (!/^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(raw)) return null;
  const full = raw.length === 3 ? [...raw].map((c) => c + c).join('') : raw;
  return `#${full.toLowerCase()}`;
}

export interface Swatch {
  hex: string;
  /** Black or white, whichever contrasts more with the swatch. */
  textColor: '#000000' | '#ffffff';
  /** Contrast ratio of textColor on the swatch (WCAG, 1–21). */
  contrast: number;
  rgb: string;
  hsl: string;
}

export function swatchOf(color: Colord | string): Swatch {
  const c = typeof color === 'string' ? colord(color) : color;
  const hex = c.toHex().slice(0, 7).toLowerCase();
  const onBlack = c.contrast('#000000');
  const onWhite = c.contrast('#ffffff');
  const textColor = onBlack >= onWhite ? '#000000' : '#ffffff';
  return { hex, textColor, contrast: Math.max(onBlack, onWhite), rgb: c.toRgbString(), hsl: c.toHslString() };
}

/** Lighter and darker steps of the base, darkest first; the base is the middle one. */
const MONO_STEPS = [-0.24, -0.12, 0, 0.12, 0.24];

function monochromatic(base: Colord): Colord[] {
  const { h, s, l } = base.toHsl();
  return MONO_STEPS.map((step) => (step === 0 ? base : colord({ h, s, l: Math.min(95, Math.max(5, l + step * 100)) })));
}

/** The swatches of one harmony, starting with the base colour. Throws on an invalid hex. */
export function harmonyColors(baseHex: string, harmony: HarmonyId): Swatch[] {
  const hex = normalizeHex(baseHex);
  if (!hex) throw new Error(HEX_ERROR);
  const base = colord(hex);
  const colors = harmony === 'monochromatic' ? monochromatic(base) : base.harmonies(harmony);
  // colord lists analogous as [-30°, base, +30°]; put the base first like every other harmony.
  const ordered = harmony === 'analogous' ? [colors[1]!, colors[0]!, colors[2]!] : colors;
  return ordered.map(swatchOf);
}

export interface Palette {
  harmony: Harmony;
  swatches: Swatch[];
}

/** Every harmony of the base colour, in HARMONIES order. */
export function buildPalettes(baseHex: string): Palette[] {
  return HARMONIES.map((harmony) => ({ harmony, swatches: harmonyColors(baseHex, harmony.id) }));
}

/** The text "Copy palette" puts on the clipboard: one line per harmony, hex codes upper-cased. */
export function paletteText(palettes: readonly Palette[]): string {
  return palettes.map((p) => `${p.harmony.label}: ${p.swatches.map((s) => s.hex.toUpperCase()).join(', ')}`).join('\n');
}

/** A random colour as '#rrggbb'; `random` returns [0, 1) like Math.random. */
export function randomHex(random: () => number = Math.random): string {
  const value = Math.min(0xffffff, Math.floor(random() * 0x1000000));
  return `#${value.toString(16).padStart(6, '0')}`;
}
