import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import { describe, expect, it } from 'vitest';
import {
  buildPalettes,
  harmonyColors,
  HARMONIES,
  HEX_ERROR,
  normalizeHex,
  paletteText,
  randomHex,
  swatchOf,
} from '@/shared/core/tools/palette.ts';

extend([a11yPlugin]);
const hue = (hex: string) => Math.round(colord(hex).toHsl().h);

describe('color palette', () => {
  it('normalises valid hex input and rejects anything else', () => {
    expect(normalizeHex('#4F46E5')).toBe('#4f46e5');
    expect(normalizeHex('4f46e5')).toBe('#4f46e5');
    expect(normalizeHex(' #abc ')).toBe('#aabbcc');
    expect(normalizeHex('F00')).toBe('#ff0000');
    for (const bad of ['', '#', '#12', '#1234', '#12345', '#1234567', 'red', '#ggg000', 'rgb(0,0,0)']) {
      expect(normalizeHex(bad), bad).toBeNull();
    }
  });

  it('lists the six harmonies in order', () => {
    expect(HARMONIES.map((h) => h.id)).toEqual([
      'complementary',
      'analogous',
      'triadic',
      'split-complementary',
      'tetradic',
      'monochromatic',
    ]);
  });

  it('complementary: the base and its opposite (180°)', () => {
    const swatches = harmonyColors('#ff0000', 'complementary');
    expect(swatches.map((s) => s.hex)).toEqual(['#ff0000', '#00ffff']);
  });

  it('triadic, tetradic, split-complementary and analogous rotate the hue by the right angles, base first', () => {
    expect(harmonyColors('#ff0000', 'triadic').map((s) => s.hex)).toEqual(['#ff0000', '#00ff00', '#0000ff']);
    expect(harmonyColors('#ff0000', 'tetradic').map((s) => hue(s.hex))).toEqual([0, 90, 180, 270]);
    expect(harmonyColors('#ff0000', 'split-complementary').map((s) => hue(s.hex))).toEqual([0, 150, 210]);
    expect(harmonyColors('#ff0000', 'analogous').map((s) => hue(s.hex))).toEqual([0, 330, 30]);
  });

  it('monochromatic: five shades of the same hue, darkest to lightest, the base in the middle', () => {
    const swatches = harmonyColors('#4f46e5', 'monochromatic');
    expect(swatches).toHaveLength(5);
    expect(swatches[2]!.hex).toBe('#4f46e5');
    const lightness = swatches.map((s) => colord(s.hex).toHsl().l);
    expect([...lightness].sort((a, b) => a - b)).toEqual(lightness);
    for (const s of swatches) expect(Math.abs(hue(s.hex) - hue('#4f46e5'))).toBeLessThanOrEqual(2);
  });

  it('accepts short hex and rejects invalid input', () => {
    expect(harmonyColors('f00', 'complementary')[0]!.hex).toBe('#ff0000');
    expect(() => harmonyColors('nope', 'triadic')).toThrow(HEX_ERROR);
  });

  it('picks the text colour with the higher contrast', () => {
    expect(swatchOf('#ffffff').textColor).toBe('#000000');
    expect(swatchOf('#ffff00').textColor).toBe('#000000');
    expect(swatchOf('#000000').textColor).toBe('#ffffff');
    expect(swatchOf('#1e3a8a').textColor).toBe('#ffffff');
    for (const hex of ['#4f46e5', '#22c55e', '#f59e0b', '#ec4899', '#777777']) {
      const s = swatchOf(hex);
      expect(s.contrast).toBeCloseTo(colord(hex).contrast(s.textColor), 5);
      expect(s.contrast).toBeGreaterThanOrEqual(colord(hex).contrast(s.textColor === '#000000' ? '#ffffff' : '#000000'));
      expect(s.contrast).toBeGreaterThanOrEqual(4.5);
    }
    expect(swatchOf('#ff0000')).toMatchObject({ rgb: 'rgb(255, 0, 0)', hsl: 'hsl(0, 100%, 50%)' });
  });

  it('builds every palette and the copy text has one line per harmony', () => {
    const palettes = buildPalettes('#FF0000');
    expect(palettes).toHaveLength(6);
    const text = paletteText(palettes);
    const lines = text.split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe('Complementary: #FF0000, #00FFFF');
    expect(lines[2]).toBe('Triadic: #FF0000, #00FF00, #0000FF');
  });

  it('random colours are valid hex over the whole range', () => {
    expect(randomHex(() => 0)).toBe('#000000');
    expect(randomHex(() => 0.999999999)).toBe('#ffffff');
    expect(randomHex(() => 0.5)).toBe('#800000');
    for (let i = 0; i < 50; i++) expect(normalizeHex(randomHex())).not.toBeNull();
  });
});
