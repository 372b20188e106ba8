// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RUN_TEXTS } from '@/shared/core/runTexts.ts';
import type { AppClient } from '@/shared/data/supabase.ts';
import type { AiRun } from '@/shared/ui/ai/useAiRun.ts';
import { currentNoticeAtom } from '@/shared/ui/notices.tsx';
import { createQueryClient } from '@/shared/ui/query.ts';
import type { OutputActionsSetup } from '@/shared/ui/run/OutputActions.tsx';
import { RunOutput, type RunOutputLayout } from '@/shared/ui/run/RunOutput.tsx';

/** The one run output, in the panel's layout and the page's: what each side shows, and its actions. */

let store: ReturnType<typeof createStore>;
let inserted: Record<string, unknown>[];

const fakeClient = {
  from: () => ({
    insert: (row: Record<string, unknown>) => {
      inserted.push(row);
      return {
        select: () => ({
          single: async () => ({
            data: { id: 'd1', user_id: 'u1', created_at: '2026-11-26T10:00:00Z', updated_at: '2026-11-26T10:00:00Z', ...row },
            error: null,
          }),
        }),
      };
    },
  }),
} as unknown as AppClient;

const setup = (over: Partial<OutputActionsSetup> = {}): OutputActionsSetup => ({
  client: async () => fakeClient,
  format: 'txt',
  openDocuments: { altText: RUN_TEXTS.openDocumentsAlt, onClick: () => undefined },
  markSaved: true,
  ...over,
});

const aiRun = (over: Partial<AiRun>): AiRun =>
  ({ status: 'idle', text: '', error: null, start: async () => null, stop: () => undefined, ...over }) as AiRun;

function show(run: AiRun, layout: RunOutputLayout, actions = setup()) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Provider store={store}>
        <RunOutput run={run} documentName="Notes — 2026-11-26" layout={layout} actions={actions} />
      </Provider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  store = createStore();
  inserted = [];
});
afterEach(cleanup);

describe('RunOutput', () => {
  it('panel: nothing before a run; page: the hint', () => {
    show(aiRun({}), 'panel');
    expect(screen.queryByRole('region')).toBeNull();
    cleanup();
    show(aiRun({}), 'page');
    expect(screen.getByRole('region', { name: 'Output' }).textContent).toContain(RUN_TEXTS.idleHint);
  });

  it('panel: the heading names the state; page: a chip does', () => {
    const stop = vi.fn();
    show(aiRun({ status: 'running', stop }), 'panel');
    expect(screen.getByRole('heading', { name: 'Writing…' })).toBeTruthy();
    expect(screen.getByText(RUN_TEXTS.waiting)).toBeTruthy();
    screen.getByRole('button', { name: 'Stop' }).click();
    expect(stop).toHaveBeenCalled();
    cleanup();
    show(aiRun({ status: 'stopped', text: 'Half' }), 'page');
    expect(screen.getByRole('heading', { name: 'Output' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Stopped');
    expect(screen.getByText(RUN_TEXTS.stoppedNote)).toBeTruthy();
  });

  it('shows a failure: with its test id on the page', () => {
    const error = { title: 'Generation Failed', message: 'Rate limited.' };
    show(aiRun({ status: 'error', error } as Partial<AiRun>), 'page');
    expect(screen.getByTestId('run-error').textContent).toContain('Generation FailedRate limited.');
    cleanup();
    show(aiRun({ status: 'error', error } as Partial<AiRun>), 'panel');
    expect(screen.getByRole('heading', { name: 'Failed' })).toBeTruthy();
    expect(screen.queryByTestId('run-error')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Generation FailedRate limited.');
  });

  it("puts the side's extra actions between Copy and Save", () => {
    show(aiRun({ status: 'done', text: 'Done text' }), 'panel', setup({ extra: () => <button type="button">Insert into page</button> }));
    const names = within(screen.getByRole('region', { name: 'Output' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual(['Copy', 'Insert into page', 'Save as document']);
  });

  it('copies with the one "copied" notice', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    show(aiRun({ status: 'done', text: 'Done text' }), 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('Done text');
    expect(store.get(currentNoticeAtom)?.title).toBe('✅ Copied to clipboard!');
  });

  it("saves as a document in the side's format; the page marks it saved", async () => {
    show(aiRun({ status: 'done', text: 'Done text' }), 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Save as document' }));
    expect(inserted).toEqual([expect.objectContaining({ name: 'Notes — 2026-11-26', content: 'Done text', format: 'txt' })]);
    expect(store.get(currentNoticeAtom)).toMatchObject({
      title: 'Document Saved',
      description: '"Notes — 2026-11-26" is in your documents.',
      action: { label: 'Open', altText: 'Open your documents' },
    });
    expect(screen.getByRole('button', { name: 'Saved as document' }).hasAttribute('disabled')).toBe(true);
  });

  it('the panel saves markdown and may save again', async () => {
    show(aiRun({ status: 'done', text: 'Done text' }), 'panel', setup({ format: 'md', markSaved: false }));
    await userEvent.click(screen.getByRole('button', { name: 'Save as document' }));
    expect(inserted).toEqual([expect.objectContaining({ format: 'md' })]);
    expect(store.get(currentNoticeAtom)?.title).toBe('Document Saved');
    expect(screen.getByRole('button', { name: 'Save as document' }).hasAttribute('disabled')).toBe(false);
  });
});
