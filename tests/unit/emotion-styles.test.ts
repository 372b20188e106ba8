import { describe, expect, it } from 'vitest';
import { moveStylesToHead } from '@/web/build/emotionStyles.ts';

const tag = (names: string, css: string) => `<style data-emotion="${names}">${css}</style>`;

describe('moveStylesToHead (pre-rendered CSS)', () => {
  const markup = [
    tag('css-global g1', 'body{margin:0}'),
    tag('css a1', '.css-a1{color:red}'),
    '<div class="css-a1">',
    tag('css b2', '.css-b2{color:blue}'),
    '<span class="css-b2">x</span>',
    tag('css a1', '.css-a1{color:red}'),
    '</div>',
    tag('css-global g2', ':root{--x:1}'),
    tag('css c3', '.css-c3{margin:0}'),
    '<p class="css-c3">y</p>',
  ].join('');

  it('leaves the markup the browser renders, without any style tag', () => {
    const { html } = moveStylesToHead(markup);
    expect(html).toBe('<div class="css-a1"><span class="css-b2">x</span></div><p class="css-c3">y</p>');
  });

  it('writes global styles first (emotion inserts them before component styles too), then every component style once, in order, in one tag naming all their ids', () => {
    const { styleTag } = moveStylesToHead(markup);
    expect(styleTag).toBe(
      [
        '<style data-emotion="css-global g1" data-s="">body{margin:0}</style>',
        '<style data-emotion="css-global g2" data-s="">:root{--x:1}</style>',
        '<style data-emotion="css a1 b2 c3" data-s="">.css-a1{color:red}.css-b2{color:blue}.css-c3{margin:0}</style>',
      ].join(''),
    );
  });

  it('marks every tag as in place, so emotion in the browser adopts it where it is', () => {
    const { styleTag } = moveStylesToHead(markup);
    const tags = styleTag.match(/<style[^>]*>/g) ?? [];
    expect(tags.length).toBe(3);
    for (const t of tags) expect(t).toContain('data-s=""');
  });
});
