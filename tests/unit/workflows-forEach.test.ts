import { describe, expect, it } from 'vitest';
import { joinItemOutputs, mapBounded, splitItems } from '@/shared/core/workflows/forEach.ts';
import { WORKFLOW_LIMITS } from '@/shared/core/workflows/limits.ts';
import { WORKFLOW_TEXTS } from '@/shared/core/workflows/texts.ts';

/** A for-each step's items from an earlier output, its joined output, and the bounded-concurrency map. */

describe('splitItems', () => {
  it('lines: non-empty lines without their list markers', () => {
    const output = '- First idea\n* Second idea\n\n1. Third idea\n2) Fourth idea\n• Fifth\n   Plain line  \n';
    expect(splitItems(output, 'lines')).toEqual({
      ok: true,
      value: ['First idea', 'Second idea', 'Third idea', 'Fourth idea', 'Fifth', 'Plain line'],
    });
    expect(splitItems('1990 was a year\n-5 degrees', 'lines')).toEqual({ ok: true, value: ['1990 was a year', '-5 degrees'] });
  });

  it('json: the array of a fenced block, objects as JSON, empty strings dropped', () => {
    const output = 'Here you go:\n```json\n["Alpha", {"name": "Beta"}, "", 3]\n```\nEnjoy [really].';
    expect(splitItems(output, 'json')).toEqual({ ok: true, value: ['Alpha', '{"name":"Beta"}', '3'] });
    expect(splitItems('Sure: ["a", "b"] done', 'json')).toEqual({ ok: true, value: ['a', 'b'] });
  });

  it('json without an array, no items at all, and too many items are refused with a sentence', () => {
    expect(splitItems('No array here {"a": 1}', 'json')).toEqual({ ok: false, error: WORKFLOW_TEXTS.noJsonArray });
    expect(splitItems('[not json]', 'json')).toEqual({ ok: false, error: WORKFLOW_TEXTS.noJsonArray });
    expect(splitItems('[]', 'json')).toEqual({ ok: false, error: WORKFLOW_TEXTS.noItems });
    expect(splitItems('\n - \n\n', 'lines')).toEqual({ ok: false, error: WORKFLOW_TEXTS.noItems });
    const many = Array.from({ length: WORKFLOW_LIMITS.forEachItems + 1 }, (_v, i) => `item ${i}`);
    expect(splitItems(many.join('\n'), 'lines')).toEqual({ ok: false, error: WORKFLOW_TEXTS.tooManyItems(many.length) });
    expect(splitItems(many.slice(1).join('\n'), 'lines').ok).toBe(true);
  });
});

describe('joinItemOutputs', () => {
  it('numbers each item’s answer in item order', () => {
    expect(joinItemOutputs([' one ', 'two'])).toBe('## 1\n\none\n\n## 2\n\ntwo');
  });
});

describe('mapBounded', () => {
  /** Work whose items end in an order unlike their start, counting how many run at once. */
  function tracked(delays: number[]) {
    let running = 0;
    let peak = 0;
    const work = async (index: number) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, delays[index]));
      running -= 1;
      return `result ${index}`;
    };
    return { work, peak: () => peak };
  }

  it('keeps item order and never runs more than the limit at once', async () => {
    const delays = [30, 5, 20, 1, 15, 2, 25, 3, 10, 4];
    const t = tracked(delays);
    const results = await mapBounded(delays.length, 3, t.work);
    expect(results).toEqual(delays.map((_d, i) => `result ${i}`));
    expect(t.peak()).toBe(3);
  });

  it('a limit above the count runs each item once; a limit below 1 still runs one at a time', async () => {
    const t = tracked([1, 1]);
    expect(await mapBounded(2, 10, t.work)).toEqual(['result 0', 'result 1']);
    expect(t.peak()).toBe(2);
    const one = tracked([2, 1, 1]);
    expect(await mapBounded(3, 0, one.work)).toEqual(['result 0', 'result 1', 'result 2']);
    expect(one.peak()).toBe(1);
    expect(await mapBounded(0, 3, one.work)).toEqual([]);
  });

  it('starts no new item once aborted', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const results = await mapBounded(
      6,
      2,
      async (index) => {
        started.push(index);
        if (index === 1) controller.abort();
        await new Promise((resolve) => setTimeout(resolve, 1));
        return index;
      },
      controller.signal,
    );
    expect(started).toEqual([0, 1]);
    expect(results).toEqual([0, 1, undefined, undefined, undefined, undefined]);
  });
});
