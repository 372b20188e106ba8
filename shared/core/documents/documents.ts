import type { KnowledgeScope } from '../knowledge/grounding.ts';
import type { ExportDocument } from '../../export/model.ts';
import { compareBySort, SORT_OPTIONS, sortOrder, type LibrarySort } from '../promptLibrary/sort.ts';
import { PROVIDER_KEYS, type ProviderId } from '../providerKeys.ts';
import { isTemplateId, templateLabel } from './templates.ts';

/**
 * The document generator's and the documents' rules: texts and
 * validation messages verbatim, the generator's provider choices, the sort options, the download
 * counter's display. Pure; shared/data/documents.ts does the I/O with these.
 */

export interface DocumentFolder {
  id: string;
  name: string;
  parentId: string | null;
  createdAt: string;
}

export interface GeneratedDocument {
  id: string;
  name: string;
  /** Markdown. */
  content: string;
  /** The generated format (docx by default). */
  format: string;
  templateId: string | null;
  folderId: string | null;
  fileUrl: string | null;
  downloadCount: number;
  /** null: unlimited (shown as ∞). */
  maxDownloads: number | null;
  price: number | null;
  stripePriceId: string | null;
  isDigitalProduct: boolean;
  createdAt: string;
  updatedAt: string;
  /** The owner's id: someone else's for a document shared with the reader. */
  userId: string;
}

/** The generator's validation and notice texts; tests check them word for word. */
export const DOCUMENT_TEXTS = {
  promptRequired: 'Prompt text is required.',
  templateRequired: 'Please select a document template.',
  promptFieldsRequired: 'Prompt name and text are required.',
  promptEmpty: 'Prompt is empty',
  folderNameRequired: 'Folder name cannot be empty',
  loginRequired: 'Login Required',
  nothingToSave: 'Nothing to Save',
  downloadLimitReached: 'Download Limit Reached - You cannot download this file anymore.',
} as const;

/** The data-service toasts ('Error fetching ...', 'Error saving ...', 'Error deleting ...' with the service message). */
export const DOCUMENT_ERRORS = {
  fetch: (what: string) => `Error fetching ${what}`,
  save: (what: string) => `Error saving ${what}`,
  delete: (what: string) => `Error deleting ${what}`,
} as const;

/** The generator's provider choices (OpenAI, Gemini and Custom ChatGPT first, with the prompt screens' labels). */
export const GENERATOR_PROVIDERS = [
  { id: 'openai', label: 'OpenAI', option: 'GPT-4 Turbo', keyMissing: 'OpenAI API Key Missing' },
  { id: 'gemini', label: 'Gemini', option: 'Gemini Pro (Requires API Key)', keyMissing: 'Gemini API Key Missing' },
  {
    id: 'chatgpt_custom',
    label: 'Custom ChatGPT',
    option: 'Custom ChatGPT (Requires API Key)',
    keyMissing: 'Custom ChatGPT API Key Missing',
  },
] as const satisfies readonly { id: ProviderId; label: string; option: string; keyMissing: string }[];

/**
 * "{Provider} API Key Missing" for a provider without a key ('OpenAI API Key Missing', …); the
 * generator offers every provider, and each says it the same way.
 */
export function keyMissingMessage(provider: ProviderId): string {
  return GENERATOR_PROVIDERS.find((p) => p.id === provider)?.keyMissing ?? `${PROVIDER_KEYS[provider].label} API Key Missing`;
}

/**
 * Why Generate cannot run yet, in a fixed order (prompt, template, the chosen provider's key),
 * or null. `hasKey` says whether the chosen provider has a key (or a keyless local server).
 */
export function generationProblem(input: {
  promptText: string;
  templateId: string | null;
  provider: ProviderId;
  hasKey: boolean;
}): string | null {
  if (!input.promptText.trim()) return DOCUMENT_TEXTS.promptRequired;
  if (!isTemplateId(input.templateId)) return DOCUMENT_TEXTS.templateRequired;
  if (!input.hasKey) return keyMissingMessage(input.provider);
  return null;
}

/** The prompt sent for analysis (first Generate) must not be blank: 'Prompt is empty'. */
export const analysisProblem = (promptText: string): string | null => (promptText.trim() ? null : DOCUMENT_TEXTS.promptEmpty);

/** What the generate-document Edge Function is asked for (the dashboard sends it, the function checks it). */
export interface GenerationRequest {
  prompt: string;
  templateId: string;
  provider: ProviderId;
  model: string;
  /** The key in this browser; without one the server uses the key synced to the account. */
  apiKey: string | null;
  customBaseUrl: string | null;
  folderId: string | null;
  /** The part of the knowledge base to ground the document in (none when absent). */
  knowledge?: KnowledgeScope | null;
}

const DOCUMENT_LIMITS = { nameMax: 300, contentMax: 1_000_000, folderNameMax: 200 } as const;

/** Saving a generated document: signed in ('Login Required') and something to save ('Nothing to Save'). */
export function documentSaveProblem(input: { signedIn: boolean; content: string }): string | null {
  if (!input.signedIn) return DOCUMENT_TEXTS.loginRequired;
  if (!input.content.trim()) return DOCUMENT_TEXTS.nothingToSave;
  if (input.content.length > DOCUMENT_LIMITS.contentMax)
    return `A document can hold at most ${DOCUMENT_LIMITS.contentMax.toLocaleString('en-US')} characters.`;
  return null;
}

/** A document name as saved: trimmed and cut to the limit; the fallback when blank. */
export function cleanDocumentName(name: string, fallback = 'Untitled document'): string {
  const trimmed = name.replace(/\s+/g, ' ').trim() || fallback;
  return trimmed.length > DOCUMENT_LIMITS.nameMax ? trimmed.slice(0, DOCUMENT_LIMITS.nameMax).trim() : trimmed;
}

export function documentNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Document name cannot be empty';
  if (trimmed.length > DOCUMENT_LIMITS.nameMax) return `Document name must be at most ${DOCUMENT_LIMITS.nameMax} characters.`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Sorting (newest, oldest, name A-Z/Z-A, plus folder A-Z/Z-A for documents)

export const DOCUMENT_SORT_OPTIONS = [
  ...SORT_OPTIONS.map(({ value, label }) => ({ value, label })),
  { value: 'folder_asc', label: 'Folder A-Z' },
  { value: 'folder_desc', label: 'Folder Z-A' },
] as const;
export type DocumentSort = LibrarySort | 'folder_asc' | 'folder_desc';
export const DEFAULT_DOCUMENT_SORT: DocumentSort = 'date_desc';

/** Folders sort by name or date only; a folder sort lists folders by name. */
export function folderSortOf(sort: DocumentSort): LibrarySort {
  if (sort === 'folder_asc') return 'name_asc';
  if (sort === 'folder_desc') return 'name_desc';
  return sort;
}

/**
 * The database ordering of a document sort: the folder sorts order by the folder's name (documents
 * at the root last), then newest first within a folder.
 */
export function documentSortOrder(
  sort: DocumentSort,
): { kind: 'column'; column: 'sort_name' | 'created_at'; ascending: boolean } | { kind: 'folder'; ascending: boolean } {
  if (sort === 'folder_asc' || sort === 'folder_desc') return { kind: 'folder', ascending: sort === 'folder_asc' };
  return { kind: 'column', ...sortOrder(sort) };
}

/** The same ordering in memory; `folderName` names a document's folder (null at the root). */
export function compareDocuments<T extends Pick<GeneratedDocument, 'id' | 'name' | 'createdAt' | 'folderId'>>(
  sort: DocumentSort,
  folderName: (folderId: string | null) => string | null,
): (a: T, b: T) => number {
  if (sort !== 'folder_asc' && sort !== 'folder_desc') return compareBySort<T>(sort);
  const sign = sort === 'folder_asc' ? 1 : -1;
  const newest = compareBySort<T>('date_desc');
  return (a, b) => {
    const fa = folderName(a.folderId)?.toLowerCase() ?? null;
    const fb = folderName(b.folderId)?.toLowerCase() ?? null;
    if (fa !== fb) {
      if (fa === null) return 1;
      if (fb === null) return -1;
      return sign * (fa < fb ? -1 : 1);
    }
    return newest(a, b);
  };
}

// ---------------------------------------------------------------------------------------------
// Downloads

/** "∞" for unlimited, else the number. */
export const downloadLimitLabel = (maxDownloads: number | null): string => (maxDownloads === null ? '∞' : String(maxDownloads));

/** "3 / ∞", "5 / 5". */
export const downloadCountLabel = (doc: Pick<GeneratedDocument, 'downloadCount' | 'maxDownloads'>): string =>
  `${doc.downloadCount} / ${downloadLimitLabel(doc.maxDownloads)}`;

export const isDownloadLimitReached = (doc: Pick<GeneratedDocument, 'downloadCount' | 'maxDownloads'>): boolean =>
  doc.maxDownloads !== null && doc.downloadCount >= doc.maxDownloads;

/** Max downloads per uploaded file (the default when an owner limits a file). */
export const DEFAULT_FILE_MAX_DOWNLOADS = 5;
/** The product slider's range. */
export const MAX_DOWNLOADS_RANGE = { min: 1, max: 100, step: 1, productDefault: 10 } as const;

/** null (unlimited) or a whole number in the slider's range. */
export function maxDownloadsProblem(value: number | null): string | null {
  if (value === null) return null;
  if (!Number.isInteger(value) || value < MAX_DOWNLOADS_RANGE.min || value > MAX_DOWNLOADS_RANGE.max)
    return `Choose a limit from ${MAX_DOWNLOADS_RANGE.min} to ${MAX_DOWNLOADS_RANGE.max}, or unlimited.`;
  return null;
}

/** A generated document as an export (DOCX, PDF, HTML, Markdown, text): its name and its Markdown. */
export function documentExport(doc: Pick<GeneratedDocument, 'name' | 'content' | 'templateId'>): ExportDocument {
  const body = stripLeadingTitle(doc.content, doc.name);
  return {
    title: doc.name,
    subtitle: doc.templateId ? templateLabel(doc.templateId) : undefined,
    sections: [{ markdown: body }],
  };
}

/** The content without a first "# " line that repeats the title (the export prints the title itself). */
function stripLeadingTitle(markdown: string, title: string): string {
  const match = /^\s*#\s+(.+?)\s*#*\s*(?:\n|$)/.exec(markdown);
  if (match && match[1]!.trim().toLowerCase() === title.trim().toLowerCase()) return markdown.slice(match[0].length).trimStart();
  return markdown;
}
