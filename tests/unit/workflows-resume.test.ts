import { describe, expect, it } from 'vitest';
import {
  autoResume,
  keptItems,
  LEASE,
  leaseLeftMs,
  leaseSeconds,
  MAX_AUTO_SEGMENTS,
  resumePosition,
  runPhase,
  segmentBudget,
  settledStep,
  wallClockSeconds,
} from '@/shared/core/workflows/resume.ts';
import type { RunItem } from '@/shared/core/workflows/runEvents.ts';
import { applyRunEvent, storedRun, type LiveRun } from '@/shared/core/workflows/runState.ts';

const now = Date.parse('2026-12-02T10:00:00Z');
const at = (ms: number) => new Date(now + ms).toISOString();

describe('runPhase: a run nobody works on any more is interrupted', () => {
  it('keeps the ended statuses', () => {
    for (const status of ['done', 'failed', 'stopped'] as const) expect(runPhase({ status, leaseExpiresAt: null }, now)).toBe(status);
  });

  it('is running while its lease is live, interrupted once it expired or was given up', () => {
    expect(runPhase({ status: 'running', leaseExpiresAt: at(5_000) }, now)).toBe('running');
    expect(runPhase({ status: 'running', leaseExpiresAt: at(0) }, now)).toBe('interrupted');
    expect(runPhase({ status: 'running', leaseExpiresAt: at(-1) }, now)).toBe('interrupted');
    // Given up at a segment's end (out of time), or from before runs had leases.
    expect(runPhase({ status: 'running', leaseExpiresAt: null }, now)).toBe('interrupted');
  });

  it('says when to look again at a running run', () => {
    expect(leaseLeftMs({ status: 'running', leaseExpiresAt: at(4_000) }, now)).toBe(4_000);
    expect(leaseLeftMs({ status: 'running', leaseExpiresAt: at(-4_000) }, now)).toBeNull();
    expect(leaseLeftMs({ status: 'done', leaseExpiresAt: null }, now)).toBeNull();
  });
});

describe('resumePosition: where a segment starts', () => {
  const step = (status: string, editedAt: string | null = null) => ({ status, editedAt });

  it('goes on from the first step not done', () => {
    expect(resumePosition([step('done'), step('done'), step('running'), step('pending')], 4)).toBe(2);
    expect(resumePosition([step('done'), step('failed'), step('pending')], 3)).toBe(1);
    expect(resumePosition([step('pending'), step('pending')], 2)).toBe(0);
  });

  it('counts a stopped step whose output the owner edited as done, not one merely stopped', () => {
    expect(settledStep(step('stopped', at(0)))).toBe(true);
    expect(settledStep(step('stopped'))).toBe(false);
    expect(resumePosition([step('stopped', at(0)), step('pending')], 2)).toBe(1);
    expect(resumePosition([step('stopped'), step('pending')], 2)).toBe(0);
  });

  it('is at the end when every step is done, and takes a requested position within bounds', () => {
    expect(resumePosition([step('done'), step('done')], 2)).toBe(2);
    expect(resumePosition([step('done'), step('done'), step('done')], 3, 1)).toBe(1);
    expect(resumePosition([step('done')], 1, 7)).toBe(1);
    expect(resumePosition([step('done')], 1, -3)).toBe(0);
  });
});

describe('keptItems: a for-each step goes on from its items not done', () => {
  const item = (input: string, status: RunItem['status'], index?: number): RunItem => ({
    ...(index === undefined ? {} : { index }),
    input,
    output: `answer for ${input}`,
    status,
    error: status === 'failed' ? 'bad' : null,
  });

  it('keeps the items done at their index with the same input, saved in any order', () => {
    const kept = keptItems(['a', 'b', 'c', 'd'], [item('c', 'done', 2), item('a', 'done', 0)]);
    expect(kept.map((k) => k?.input ?? null)).toEqual(['a', null, 'c', null]);
    expect(kept[2]).toEqual({ index: 2, input: 'c', output: 'answer for c', status: 'done', error: null });
  });

  it('runs again the failed and stopped items, and those whose input changed', () => {
    const kept = keptItems(['a', 'b', 'new c'], [item('a', 'failed', 0), item('b', 'stopped', 1), item('c', 'done', 2)]);
    expect(kept).toEqual([null, null, null]);
  });

  it('reads items saved before they had an index by their place in the list', () => {
    expect(keptItems(['a', 'b'], [item('a', 'done'), item('b', 'done')]).map((k) => k?.index)).toEqual([0, 1]);
  });
});

describe('segment budget and lease settings', () => {
  it('stops starting work a minute before the platform limit and cuts what is going 10 s before it', () => {
    expect(segmentBudget(150)).toEqual({ softMs: 90_000, hardMs: 140_000 });
    expect(segmentBudget(400)).toEqual({ softMs: 340_000, hardMs: 390_000 });
  });

  it('scales down for short limits (tests, a stricter platform)', () => {
    expect(segmentBudget(4)).toEqual({ softMs: 2_000, hardMs: 3_600 });
  });

  it('reads the settings, falling back to the free plan and the default lease', () => {
    expect(wallClockSeconds(undefined)).toBe(150);
    expect(wallClockSeconds('400')).toBe(400);
    expect(wallClockSeconds('soon')).toBe(150);
    expect(leaseSeconds(undefined)).toBe(LEASE.seconds);
    expect(leaseSeconds('2')).toBe(2);
    expect(leaseSeconds('0')).toBe(LEASE.seconds);
    expect(leaseSeconds('100000')).toBe(600);
  });

  it('goes on by itself only after a segment that finished something, and not forever', () => {
    expect(autoResume(1, true)).toBe(true);
    expect(autoResume(1, false)).toBe(false);
    expect(autoResume(MAX_AUTO_SEGMENTS, true)).toBe(false);
  });
});

describe('storedRun: a run cut off as the screen shows it', () => {
  it('places a for-each step’s saved items at their index, the others still waiting', () => {
    const state = storedRun({
      id: 'r',
      status: 'interrupted',
      error: null,
      steps: [
        {
          position: 0,
          name: 'each',
          kind: 'for_each',
          status: 'running',
          prompt: 'Describe {{item}}',
          output: '',
          error: null,
          items: [
            { index: 0, input: 'a', output: 'A', status: 'done', error: null },
            { index: 2, input: 'c', output: 'C', status: 'done', error: null },
          ],
          passages: [],
          editedAt: null,
        },
      ],
    });
    expect(state.status).toBe('interrupted');
    // The step was going when it was cut: it shows stopped, not still running.
    expect(state.steps[0]!.status).toBe('stopped');
    expect(state.steps[0]!.items.map((i) => [i.input, i.status])).toEqual([
      ['a', 'done'],
      ['', 'pending'],
      ['c', 'done'],
    ]);
  });

  it('a stream cut mid-step leaves the step and its item stopped', () => {
    const running: LiveRun = {
      runId: 'r',
      status: 'running',
      error: null,
      steps: [
        {
          position: 0,
          name: 'each',
          kind: 'for_each',
          status: 'running',
          prompt: 'p',
          output: '',
          error: null,
          items: [
            { input: 'a', output: 'A', status: 'done', error: null },
            { input: 'b', output: 'B…', status: 'running', error: null },
          ],
          passages: [],
          edited: false,
        },
      ],
    };
    const cut = applyRunEvent(running, { type: 'end', status: 'interrupted', error: 'The connection to the server broke.' });
    expect(cut.status).toBe('interrupted');
    expect(cut.steps[0]!.status).toBe('stopped');
    expect(cut.steps[0]!.items.map((i) => i.status)).toEqual(['done', 'stopped']);
  });
});
