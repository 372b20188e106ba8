// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { librarySnapshot } from '@/extension/lib/librarySnapshot.ts';
import { drawFirstView, finishFirstDraw } from '@/extension/ui/firstDraw.ts';
import { markPanel, PANEL_MARKS } from '@/extension/ui/panelMarks.ts';

/**
 * The side panel's plain first view (before React loads): what it draws from storage, with the
 * roles and labels of the app's view, and the hand-over of what was typed, focused and clicked.
 */

vi.mock('@/extension/ui/firstDraw.css', () => ({}));

const USER = { id: 'user-a', email: 'ann@example.com' };
const snapshot = librarySnapshot(
  USER,
  {
    folders: [{ id: 'f1', name: 'Emails' }],
    prompts: [
      { id: 'p1', name: 'Title idea', preview: 'A headline for {{title}}', isFavorite: true },
      { id: 'p2', name: 'Summary', preview: '', isFavorite: false },
    ],
    total: 2,
  },
  new Date('2026-11-27T08:00:00Z'),
);

function appRoot(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  return root;
}

beforeEach(() => {
  fakeBrowser.reset();
  window.matchMedia = vi.fn().mockReturnValue({ matches: false });
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('the first view drawn from storage', () => {
  it('signed in with a remembered library: header, tabs, search and the remembered rows, labelled as in the app', async () => {
    await fakeBrowser.storage.local.set({ supabaseUser: USER, panel_library: snapshot });
    const root = appRoot();
    const start = await drawFirstView(root);
    expect(start).toEqual({ user: USER, library: snapshot });
    expect(root.classList.contains('fd-waiting')).toBe(true);
    expect(screen.getByRole('heading', { level: 1, name: 'AI Vault' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Account: ann@example.com' })).toBeTruthy();
    const tabs = within(screen.getByRole('tablist', { name: 'Side panel views' })).getAllByRole('tab');
    expect(tabs.map((t) => [t.textContent, t.getAttribute('aria-selected')])).toEqual([
      ['Prompts', 'true'],
      ['Chat', 'false'],
      ['Workflows', 'false'],
      ['History', 'false'],
      ['Settings', 'false'],
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search your prompts' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Folders' }).getAttribute('aria-pressed')).toBe('true');
    const list = screen.getByRole('list', { name: 'Prompts' });
    expect(within(list).getByRole('button', { name: 'Open folder Emails' })).toBeTruthy();
    expect(within(list).getByRole('button', { name: /^Title idea/ })).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Remove Title idea from favourites' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(list).getByRole('button', { name: 'Add Summary to favourites' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Loading prompts' })).toBeTruthy();
  });

  it('another account’s library, or none stored, is never drawn; signed out draws the sign-in form', async () => {
    await fakeBrowser.storage.local.set({ supabaseUser: { id: 'user-b', email: 'bob@example.com' }, panel_library: snapshot });
    expect((await drawFirstView(appRoot())).library).toBeNull();
    expect(screen.queryByRole('list', { name: 'Prompts' })).toBeNull();
    document.body.innerHTML = '';
    await fakeBrowser.storage.local.clear();
    expect(await drawFirstView(appRoot())).toEqual({ user: null, library: null });
    expect(screen.getByRole('heading', { level: 2, name: 'Sign in to AI Vault' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Chat' })).toBeNull();
  });
});

/** A stand-in for the app's library view: a controlled search box and a row, keyed like the app's. */
function FakeApp({ onOpen }: { onOpen: (id: string) => void }) {
  const [typed, setTyped] = useState('');
  return (
    <div>
      <input type="search" aria-label="App search" data-fd="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
      <output>{typed}</output>
      <button type="button" data-fd="prompt:p1" onClick={() => onOpen('p1')}>
        Title idea
      </button>
    </div>
  );
}

describe('handing over to the app', () => {
  it('carries typed text (into React state), focus and caret, then replays the last click; the plain view goes', async () => {
    await fakeBrowser.storage.local.set({ supabaseUser: USER, panel_library: snapshot });
    const root = appRoot();
    await drawFirstView(root);
    const plainSearch = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search your prompts' });
    plainSearch.value = 'headline';
    plainSearch.focus();
    plainSearch.setSelectionRange(2, 4);
    screen.getByRole('button', { name: /^Title idea/ }).click();
    const opened: string[] = [];
    render(<FakeApp onOpen={(id) => opened.push(id)} />, { container: root });

    vi.useFakeTimers();
    act(() => finishFirstDraw(root));
    expect(document.getElementById('first-draw')).toBeNull();
    expect(root.classList.contains('fd-waiting')).toBe(false);
    const search = screen.getByRole<HTMLInputElement>('searchbox', { name: 'App search' });
    expect(search.value).toBe('headline');
    expect(screen.getByRole('status').textContent).toBe('headline');
    expect(document.activeElement).toBe(search);
    expect([search.selectionStart, search.selectionEnd]).toEqual([2, 4]);
    expect(opened).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(20);
    });
    vi.useRealTimers();
    expect(opened).toEqual(['p1']);
    // Once done, it does nothing more.
    finishFirstDraw(root);
    expect(opened).toEqual(['p1']);
  });
});

describe('performance marks on the way to a usable panel', () => {
  const markTime = (name: string) => performance.getEntriesByName(name, 'mark').map((m) => m.startTime);

  it('marks storage read, first draw and the app taking over once each, in that order', async () => {
    performance.clearMarks();
    await fakeBrowser.storage.local.set({ supabaseUser: USER, panel_library: snapshot });
    const root = appRoot();
    await drawFirstView(root);
    expect(markTime(PANEL_MARKS.appTookOver)).toEqual([]);
    const [read] = markTime(PANEL_MARKS.storageRead);
    const [drawn] = markTime(PANEL_MARKS.firstDraw);
    expect(read).toBeLessThanOrEqual(drawn!);
    finishFirstDraw(root);
    finishFirstDraw(root);
    const tookOver = markTime(PANEL_MARKS.appTookOver);
    expect(tookOver).toHaveLength(1);
    expect(tookOver[0]).toBeGreaterThanOrEqual(drawn!);
    markPanel(PANEL_MARKS.firstDraw);
    expect(markTime(PANEL_MARKS.firstDraw)).toEqual([drawn]);
  });
});
