// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/shared/ui/query.ts';

/** What the signed-in user's knowledge base holds: one folder, chosen on the Knowledge Base page. */
const ROWS: Record<string, unknown> = {
  kb_folders: [{ id: 'folder-1', name: 'Research', created_at: '2026-01-01T00:00:00Z' }],
  kb_documents: [
    {
      id: 'doc-1',
      name: 'Notes',
      type: 'text',
      content: 'What the offer builder feeds in.',
      source: null,
      folder_id: 'folder-1',
      created_at: '2026-01-02T00:00:00Z',
      file_path: null,
      file_size: null,
    },
  ],
  kb_settings: { selection: 'folder', selected_folder_id: 'folder-1' },
};

/** The dashboard's client as far as the knowledge base reads go: each table answers its rows. */
vi.mock('@/web/lib/supabase.ts', () => {
  const from = (table: string) => {
    const answer = () => Promise.resolve({ data: ROWS[table], error: null });
    const builder = { select: () => builder, order: answer, maybeSingle: answer };
    return builder;
  };
  return { supabase: { from } };
});

const { useDocumentChoice } = await import('@/web/pages/analysis/useDocumentChoice.ts');
const { useKnowledgeContext } = await import('@/web/pages/offers/useKnowledgeContext.ts');

afterEach(cleanup);

describe('the knowledge list and the knowledge base share no cache entry', () => {
  it('the offer builder, opened after the knowledge list was read, gets the saved selection', async () => {
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

    // Document Analysis' Knowledge tab (like Smart Queries) reads the folders and documents only.
    const choice = renderHook(() => useDocumentChoice('user-1'), { wrapper });
    act(() => choice.result.current.setSource('knowledge'));
    await waitFor(() => expect(choice.result.current.knowledge.data?.documents).toHaveLength(1));
    choice.unmount();

    // Then the Offer Builder in the same tab: it needs the selection the list does not have.
    const offer = renderHook(() => useKnowledgeContext('gpt-4o'), { wrapper });
    await waitFor(() => expect(offer.result.current.state.status).toBe('ready'));
    const state = offer.result.current.state;
    expect(state.status === 'ready' && state.source).toBe('Folder "Research"');
    expect(offer.result.current.context?.text).toContain('What the offer builder feeds in.');
  });
});
