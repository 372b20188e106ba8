import { describe, expect, it } from 'vitest';
import { jobStatusText, jobTopic, otherJobs, type JobProgress } from '@/shared/core/jobs/progress.ts';

const job: JobProgress = { kind: 'generateAll', title: 'Launch', done: 3, total: 19, path: '/prompt-stacks', browserId: 'b1' };

describe('job progress between tabs', () => {
  it('lists the other tabs’ jobs, leaving out this tab’s own and anything that is not job progress', () => {
    const state = {
      'tab-b': [{ ...job, presence_ref: 'r2' }],
      'tab-own': [{ ...job, done: 9, presence_ref: 'r1' }],
      'tab-a': [{ ...job, kind: 'rewriteAll', presence_ref: 'r3' }],
      'tab-old-client': [{ name: 'Alice' }],
      'tab-bad': [
        { ...job, total: 0 },
        { ...job, path: 'https://evil.example' },
      ],
    };
    expect(otherJobs(state, 'tab-own')).toEqual([
      { ...job, kind: 'rewriteAll', key: 'tab-a' },
      { ...job, key: 'tab-b' },
    ]);
    expect(otherJobs({}, 'tab-own')).toEqual([]);
  });

  it('says what runs and how far it is', () => {
    expect(jobStatusText(job)).toBe('Generate All in another tab: 3 of 19 done');
    expect(jobStatusText({ kind: 'rewriteAll', done: 25, total: 20 })).toBe('Rewrite all in another tab: 20 of 20 done');
    expect(jobTopic('u1')).toBe('jobs:u1');
  });
});
