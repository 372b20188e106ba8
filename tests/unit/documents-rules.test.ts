import { describe, expect, it } from 'vitest';
import {
  cleanDocumentName,
  compareDocuments,
  DOCUMENT_SORT_OPTIONS,
  DOCUMENT_TEXTS,
  documentExport,
  documentSaveProblem,
  documentSortOrder,
  downloadCountLabel,
  downloadLimitLabel,
  folderSortOf,
  GENERATOR_PROVIDERS,
  generationProblem,
  analysisProblem,
  isDownloadLimitReached,
  keyMissingMessage,
  maxDownloadsProblem,
  type GeneratedDocument,
} from '@/shared/core/documents/documents.ts';

const doc = (over: Partial<GeneratedDocument>): GeneratedDocument => ({
  id: 'id',
  name: 'Doc',
  content: 'Text',
  format: 'docx',
  templateId: null,
  folderId: null,
  fileUrl: null,
  downloadCount: 0,
  maxDownloads: null,
  price: null,
  stripePriceId: null,
  isDigitalProduct: false,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  userId: 'u',
  ...over,
});

describe('document generator texts and validation', () => {
  it('are verbatim', () => {
    expect(DOCUMENT_TEXTS).toEqual({
      promptRequired: 'Prompt text is required.',
      templateRequired: 'Please select a document template.',
      promptFieldsRequired: 'Prompt name and text are required.',
      promptEmpty: 'Prompt is empty',
      folderNameRequired: 'Folder name cannot be empty',
      loginRequired: 'Login Required',
      nothingToSave: 'Nothing to Save',
      downloadLimitReached: 'Download Limit Reached - You cannot download this file anymore.',
    });
    expect(GENERATOR_PROVIDERS.map((p) => [p.id, p.keyMissing])).toEqual([
      ['openai', 'OpenAI API Key Missing'],
      ['gemini', 'Gemini API Key Missing'],
      ['chatgpt_custom', 'Custom ChatGPT API Key Missing'],
    ]);
  });

  it('checks prompt, then template, then the chosen provider’s key', () => {
    const input = { promptText: 'Write a post', templateId: 'blog_post', provider: 'gemini' as const, hasKey: true };
    expect(generationProblem({ ...input, promptText: '  ' })).toBe('Prompt text is required.');
    expect(generationProblem({ ...input, templateId: null })).toBe('Please select a document template.');
    expect(generationProblem({ ...input, templateId: 'novel' })).toBe('Please select a document template.');
    expect(generationProblem({ ...input, hasKey: false })).toBe('Gemini API Key Missing');
    expect(generationProblem({ ...input, provider: 'chatgpt_custom', hasKey: false })).toBe(keyMissingMessage('chatgpt_custom'));
    expect(generationProblem(input)).toBeNull();
    expect(analysisProblem(' ')).toBe('Prompt is empty');
    expect(analysisProblem('x')).toBeNull();
  });

  it('needs a login and content to save a document', () => {
    expect(documentSaveProblem({ signedIn: false, content: 'x' })).toBe('Login Required');
    expect(documentSaveProblem({ signedIn: true, content: ' \n ' })).toBe('Nothing to Save');
    expect(documentSaveProblem({ signedIn: true, content: '# Plan' })).toBeNull();
    expect(cleanDocumentName('  Launch   plan ')).toBe('Launch plan');
    expect(cleanDocumentName('   ')).toBe('Untitled document');
  });
});

describe('document sorts', () => {
  it('are newest, oldest, name A-Z/Z-A plus folder A-Z/Z-A', () => {
    expect(DOCUMENT_SORT_OPTIONS.map((o) => o.value)).toEqual([
      'name_asc',
      'name_desc',
      'date_desc',
      'date_asc',
      'folder_asc',
      'folder_desc',
    ]);
    expect(documentSortOrder('name_desc')).toEqual({ kind: 'column', column: 'sort_name', ascending: false });
    expect(documentSortOrder('folder_desc')).toEqual({ kind: 'folder', ascending: false });
    expect(folderSortOf('folder_asc')).toBe('name_asc');
    expect(folderSortOf('date_asc')).toBe('date_asc');
  });

  it('order by folder name, root documents last, newest first inside a folder', () => {
    const folders: Record<string, string> = { f1: 'beta', f2: 'Alpha' };
    const docs = [
      doc({ id: '1', folderId: null }),
      doc({ id: '2', folderId: 'f1', createdAt: '2026-11-02T00:00:00Z' }),
      doc({ id: '3', folderId: 'f2' }),
      doc({ id: '4', folderId: 'f1', createdAt: '2026-11-03T00:00:00Z' }),
    ];
    const byFolder = (sort: 'folder_asc' | 'folder_desc') =>
      [...docs].sort(compareDocuments(sort, (id) => (id ? folders[id]! : null))).map((d) => d.id);
    expect(byFolder('folder_asc')).toEqual(['3', '4', '2', '1']);
    expect(byFolder('folder_desc')).toEqual(['4', '2', '3', '1']);
    const byName = [doc({ id: 'a', name: 'banana' }), doc({ id: 'b', name: 'Apple' })].sort(compareDocuments('name_asc', () => null));
    expect(byName.map((d) => d.name)).toEqual(['Apple', 'banana']);
  });
});

describe('download counter', () => {
  it('shows ∞ for unlimited and n / max otherwise', () => {
    expect(downloadLimitLabel(null)).toBe('∞');
    expect(downloadCountLabel({ downloadCount: 3, maxDownloads: null })).toBe('3 / ∞');
    expect(downloadCountLabel({ downloadCount: 5, maxDownloads: 5 })).toBe('5 / 5');
    expect(isDownloadLimitReached({ downloadCount: 5, maxDownloads: 5 })).toBe(true);
    expect(isDownloadLimitReached({ downloadCount: 500, maxDownloads: null })).toBe(false);
  });

  it('accepts unlimited or a whole number from 1 to 100', () => {
    expect(maxDownloadsProblem(null)).toBeNull();
    expect(maxDownloadsProblem(5)).toBeNull();
    expect(maxDownloadsProblem(0)).toMatch(/1 to 100/);
    expect(maxDownloadsProblem(2.5)).toMatch(/1 to 100/);
  });

  it('exports a document under its name without repeating the title heading', () => {
    expect(documentExport({ name: 'Spring Launch', content: '# Spring Launch\n\n## Body\nText', templateId: 'press_release' })).toEqual({
      title: 'Spring Launch',
      subtitle: 'Press Release',
      sections: [{ markdown: '## Body\nText' }],
    });
    expect(documentExport({ name: 'Other', content: '# Spring Launch', templateId: null }).sections[0]!.markdown).toBe('# Spring Launch');
  });
});
