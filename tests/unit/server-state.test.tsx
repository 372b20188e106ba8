// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, invalid, notFound, ok, type DataErrorKind } from '@/shared/data/result.ts';
import { createQueryClient, errorMessage, QueryError, shouldRetry, unwrap, useClearOnUserChange } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { QueryState, type QueryLike } from '@/shared/ui/QueryState.tsx';

const errorOf = (kind: DataErrorKind) => new QueryError({ message: `a ${kind} failure`, kind });

describe('unwrap (DataResult → query function)', () => {
  it('answers the data of a success', () => {
    expect(unwrap(ok([1, 2]))).toEqual([1, 2]);
    expect(unwrap(ok())).toBeUndefined();
  });

  it('throws a failure as a QueryError that carries the DataError whole', () => {
    const result = fail({ message: 'permission denied', code: '42501' });
    let thrown: unknown;
    try {
      unwrap(result);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(QueryError);
    expect(thrown).toBeInstanceOf(Error);
    const error = thrown as QueryError;
    expect(error.message).toBe('permission denied');
    expect(error.kind).toBe('refused');
    expect(error.dataError).toEqual({ message: 'permission denied', code: '42501', kind: 'refused' });
  });

  it('keeps the kind of this layer’s own failures', () => {
    expect(() => unwrap(invalid('Name is required.'))).toThrow('Name is required.');
    expect(() => unwrap(notFound('Gone.'))).toThrow(expect.objectContaining({ kind: 'not_found' }));
  });

  it('errorMessage shows an error’s own text', () => {
    expect(errorMessage(errorOf('server'))).toBe('a server failure');
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage('plain')).toBe('plain');
  });
});

describe('query defaults', () => {
  it.each(['invalid', 'refused', 'limit', 'not_found'] as const)('never retries a %s failure', (kind) => {
    expect(shouldRetry(0, errorOf(kind))).toBe(false);
  });

  it('retries a network failure once', () => {
    expect(shouldRetry(0, errorOf('network'))).toBe(true);
    expect(shouldRetry(1, errorOf('network'))).toBe(false);
  });

  it('does not retry server failures or unexpected errors', () => {
    expect(shouldRetry(0, errorOf('server'))).toBe(false);
    expect(shouldRetry(0, new TypeError('x is undefined'))).toBe(false);
  });

  it('the client uses them: no refetch on window focus, no mutation retries', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.retry).toBe(shouldRetry);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });

  it('asks even when the browser reports no network, so the failure shows instead of a spinner that waits', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.networkMode).toBe('always');
    expect(defaults.mutations?.networkMode).toBe('always');
  });

  it('a query whose request fails while the browser reports no network ends in its error', async () => {
    onlineManager.setOnline(false);
    try {
      const client = createQueryClient();
      const failing = () => Promise.reject(new QueryError({ message: 'Failed to fetch', kind: 'server' }));
      await expect(client.fetchQuery({ queryKey: ['offline-probe'], queryFn: failing })).rejects.toThrow('Failed to fetch');
    } finally {
      onlineManager.setOnline(true);
    }
  });
});

const CARDS_VIEW = { mode: 'folder', folderId: null, sort: 'name_asc', query: '', favorites: false, tag: null, tagSpellings: null };

describe('queryKeys', () => {
  it('every key of a feature starts with that feature’s `all` (so invalidating it reaches them)', () => {
    const pairs: [readonly unknown[], readonly unknown[]][] = [
      [queryKeys.quota.all, queryKeys.quota.all],
      [queryKeys.prompts.all, queryKeys.prompts.recent(5)],
      [queryKeys.prompts.all, queryKeys.prompts.folders()],
      [queryKeys.prompts.all, queryKeys.prompts.stacks()],
      [queryKeys.prompts.all, queryKeys.prompts.tags()],
      [queryKeys.prompts.allCards(), queryKeys.prompts.cards(CARDS_VIEW)],
      [queryKeys.prompts.all, queryKeys.prompts.allCards()],
      [queryKeys.prompts.all, queryKeys.prompts.detail('p1')],
      [queryKeys.prompts.all, queryKeys.prompts.runnable('fp1')],
      [queryKeys.prompts.panelLists(), queryKeys.prompts.panelList({ mode: 'folders', folderId: null, query: '', limit: 100 })],
      [queryKeys.prompts.all, queryKeys.prompts.panelLists()],
      [queryKeys.recommended.all, queryKeys.recommended.page({ search: '', category: null, page: 1 })],
      [queryKeys.recommended.all, queryKeys.recommended.categories()],
      [queryKeys.documents.all, queryKeys.documents.detail('d1')],
      [queryKeys.documents.lists(), queryKeys.documents.list('date_desc')],
      [queryKeys.documents.all, queryKeys.documents.lists()],
      [queryKeys.ideas.all, queryKeys.ideas.list()],
      [queryKeys.offers.all, queryKeys.offers.list()],
      [queryKeys.knowledge.all, queryKeys.knowledge.base()],
      [queryKeys.workspaces.all, queryKeys.workspaces.lists()],
      [queryKeys.workspaces.all, queryKeys.workspaces.detail('w1')],
      [queryKeys.admin.all, queryKeys.admin.access()],
      [queryKeys.admin.all, queryKeys.admin.messages(50)],
      [queryKeys.admin.all, queryKeys.admin.monitoring()],
      [queryKeys.admin.all, queryKeys.admin.products()],
      [queryKeys.admin.all, queryKeys.admin.users()],
      [queryKeys.runs.all, queryKeys.runs.list({})],
      [queryKeys.runs.all, queryKeys.runs.list({ promptId: 'p1' })],
      [queryKeys.products.all, queryKeys.products.detail('p1')],
      [queryKeys.products.all, queryKeys.products.purchase('p1', 'cs_1')],
    ];
    for (const [all, key] of pairs) expect(key.slice(0, all.length)).toEqual(all);
  });

  it('features do not share a prefix', () => {
    const roots = Object.values(queryKeys).map((feature) => feature.all[0]);
    expect(new Set(roots).size).toBe(roots.length);
  });

  it('keys carry their parameters', () => {
    expect(queryKeys.products.detail('a')).not.toEqual(queryKeys.products.detail('b'));
    expect(queryKeys.admin.messages(50)).not.toEqual(queryKeys.admin.messages(100));
    expect(queryKeys.prompts.cards(CARDS_VIEW)).not.toEqual(queryKeys.prompts.cards({ ...CARDS_VIEW, folderId: 'f1' }));
    expect(queryKeys.documents.list('date_desc')).not.toEqual(queryKeys.documents.list('date_asc'));
    expect(queryKeys.runs.list({ promptId: 'a' })).not.toEqual(queryKeys.runs.list({ freePromptId: 'a' }));
  });
});

const query = <T,>(over: Partial<QueryLike<T>>): QueryLike<T> => ({
  status: 'pending',
  data: undefined,
  error: null,
  isFetching: true,
  refetch: vi.fn(),
  ...over,
});

function show<T>(q: QueryLike<T>, extra: { isEmpty?: (d: T) => boolean; retry?: boolean } = {}) {
  return render(
    <QueryState
      query={q}
      loadingLabel="Loading your things"
      errorText={(m) => `Error fetching things: ${m}`}
      empty={<p>Nothing yet.</p>}
      {...extra}
    >
      {(data) => <p>Data: {String(data)}</p>}
    </QueryState>,
  );
}

describe('QueryState', () => {
  afterEach(cleanup);

  it('shows the spinner with its accessible name while the first answer is on its way', () => {
    show(query({}));
    expect(screen.getByRole('progressbar', { name: 'Loading your things' })).toBeTruthy();
  });

  it('shows the error alert with "Try again", which asks again', () => {
    const refetch = vi.fn();
    show(query({ status: 'error', error: errorOf('server'), isFetching: false, refetch }));
    expect(screen.getByRole('alert').textContent).toContain('Error fetching things: a server failure');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('gives the text the whole DataError (e.g. its toast title)', () => {
    render(
      <QueryState
        query={query({
          status: 'error',
          error: new QueryError({ message: 'No.', kind: 'refused', title: 'Access Denied' }),
          isFetching: false,
        })}
        loadingLabel="Loading"
        errorText={(message, dataError) => `${dataError?.title} / ${message}`}
      >
        {() => null}
      </QueryState>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Access Denied / No.');
  });

  it('has no "Try again" when told so, and shows the spinner while trying again', () => {
    show(query({ status: 'error', error: errorOf('server'), isFetching: false }), { retry: false });
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    cleanup();
    show(query({ status: 'error', error: errorOf('server'), isFetching: true }));
    expect(screen.getByRole('progressbar', { name: 'Loading your things' })).toBeTruthy();
  });

  it('shows the empty state, or the data', () => {
    show(query<string>({ status: 'success', data: '', isFetching: false }), { isEmpty: (d) => d === '' });
    expect(screen.getByText('Nothing yet.')).toBeTruthy();
    cleanup();
    show(query({ status: 'success', data: 'three', isFetching: false }));
    expect(screen.getByText('Data: three')).toBeTruthy();
  });

  it('keeps data on screen through a refetch, failed or not', () => {
    show(query({ status: 'success', data: 'old', isFetching: true }));
    expect(screen.getByText('Data: old')).toBeTruthy();
    cleanup();
    show(query({ status: 'error', data: 'old', error: errorOf('network'), isFetching: false }));
    expect(screen.getByText('Data: old')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('useClearOnUserChange', () => {
  afterEach(cleanup);

  function Probe({ userId }: { userId: string | null | undefined }) {
    useClearOnUserChange(userId);
    return null;
  }

  it('empties the cache when the user signs out or another signs in, not when the session is first known', () => {
    const client = createQueryClient();
    const mount = (userId: string | null | undefined) => (
      <QueryClientProvider client={client}>
        <Probe userId={userId} />
      </QueryClientProvider>
    );
    const { rerender } = render(mount(undefined));
    client.setQueryData(queryKeys.ideas.list(), ['cached']);
    act(() => rerender(mount('user-a')));
    expect(client.getQueryData(queryKeys.ideas.list())).toEqual(['cached']);
    act(() => rerender(mount(null)));
    expect(client.getQueryData(queryKeys.ideas.list())).toBeUndefined();
    client.setQueryData(queryKeys.ideas.list(), ['a’s ideas']);
    act(() => rerender(mount('user-b')));
    expect(client.getQueryData(queryKeys.ideas.list())).toBeUndefined();
  });
});
