// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceStructure } from '@/shared/core/workspaces/tree.ts';
import type { MergeConflict } from '@/shared/core/workspaces/merge.ts';
import type { DocumentSummary } from '@/shared/data/documents/documents.ts';
import { DocumentRows, type DocumentRowsProps } from '@/web/pages/documents/DocumentRows.tsx';
import { ConflictDialog } from '@/web/pages/files/ConflictDialog.tsx';

/** The workspace conflict question and the document generator's rows (downloads with their maximum, Share…). */

afterEach(cleanup);

describe('ConflictDialog', () => {
  const base: WorkspaceStructure = [{ id: 'ideas', type: 'folder', name: 'Ideas', children: [] }];
  const rename: MergeConflict = {
    key: 'name:ideas',
    kind: 'name',
    nodeId: 'ideas',
    name: 'Ideas (second)',
    mine: 'Ideas (second)',
    theirs: 'Ideas (first)',
    choice: 'mine',
  };

  it('names a folder both tabs renamed by its original name, with each tab’s new name as an answer', () => {
    render(<ConflictDialog conflicts={[rename]} base={base} onResolve={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'This workspace was changed in another tab' });
    expect(within(dialog).getByText('Both tabs renamed “Ideas”.')).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: 'Keep this tab’s name “Ideas (second)”' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('radio', { name: 'Keep the other tab’s name “Ideas (first)”' })).toBeTruthy();
    expect(within(dialog).queryByText('Both tabs renamed “Ideas (second)”.')).toBeNull();
  });

  it('falls back to the name the merge reports when the item is not in the base', () => {
    render(<ConflictDialog conflicts={[rename]} base={[]} onResolve={() => undefined} />);
    expect(screen.getByText('Both tabs renamed “Ideas (second)”.')).toBeTruthy();
  });
});

const doc = (name: string, downloadCount: number, maxDownloads: number | null): DocumentSummary => ({
  id: name.toLowerCase().replace(/\W+/g, '-'),
  userId: 'u1',
  name,
  format: 'docx',
  templateId: 'blog_post',
  folderId: null,
  fileUrl: null,
  downloadCount,
  maxDownloads,
  price: null,
  stripePriceId: null,
  isDigitalProduct: false,
  createdAt: '2026-03-01T10:00:00Z',
  updatedAt: '2026-03-01T10:00:00Z',
});

function renderRows(overrides: Partial<DocumentRowsProps> = {}) {
  const props: DocumentRowsProps = {
    documents: [doc('Launch brief', 3, 5), doc('Notes', 0, null)],
    folderLabel: () => 'No folder',
    readOnly: false,
    onOpen: vi.fn(),
    onRename: vi.fn(),
    onMove: vi.fn(),
    onDelete: vi.fn(),
    onShare: vi.fn(),
    onDownload: vi.fn(async () => undefined),
    shareCounts: new Map([['launch-brief', 2]]),
    ...overrides,
  };
  render(<DocumentRows {...props} />);
  return props;
}

const rowOf = (name: string) =>
  screen.getAllByRole('listitem').find((li) => li.getAttribute('data-document-id') === name.toLowerCase().replace(/\W+/g, '-'))!;

describe('DocumentRows', () => {
  it('shows downloads as n / max like the file manager (∞ when unlimited) and how many people a document is shared with', () => {
    renderRows();
    expect(rowOf('Launch brief').textContent).toContain('Downloads: 3 / 5 · Shared with 2 people');
    expect(rowOf('Notes').textContent).toContain('Downloads: 0 / ∞');
    expect(rowOf('Notes').textContent).not.toContain('Shared with');
  });

  it('offers Share… to editors and owners', async () => {
    const props = renderRows();
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Launch brief' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Open', 'Rename', 'Move to…', 'Share…', 'Delete']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Share…' }));
    expect(props.onShare).toHaveBeenCalledWith(expect.objectContaining({ name: 'Launch brief' }));
  });

  it('offers a view_only account only Open (and the download button)', async () => {
    renderRows({ readOnly: true });
    expect(screen.getByRole('button', { name: 'Download Launch brief' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Launch brief' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Open']);
  });
});
