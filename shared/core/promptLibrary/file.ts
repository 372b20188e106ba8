import Papa from 'papaparse';
import { PROMPT_LIMITS, type LibraryFolder, type LibraryPrompt } from './library.ts';

/**
 * The whole prompt library as a file, and back: JSON (the folder tree by id, exact) and CSV (one
 * row per folder and per prompt, folders named by path, for spreadsheets). Reading checks every
 * row and reports each one it skips with the reason (promptLibraryFileRead.ts); promptLibraryImport.ts
 * then plans where the rows go. Pure.
 *
 * CSV columns: type (folder|prompt), folder, name, prompt_text, description, tags, is_favorite,
 * llm_provider, model, template_id, created_at. `folder` is a path such as `Marketing/Emails`
 * (`\/` is a slash inside a name, `\\` a backslash); on a folder row it is the folder itself, on a
 * prompt row the folder holding it (empty: the root). Tags are comma-separated. Only name and
 * prompt_text are required, so a plain two-column sheet imports too. Cells starting with = + - @
 * are written with a leading apostrophe (spreadsheets would run them as formulas) and read back
 * without it. Two sibling folders with the same name become one folder in CSV; JSON keeps them.
 */

export const LIBRARY_FILE_FORMAT = 'ai-vault-prompt-library';
export const LIBRARY_FILE_VERSION = 1;

interface LibraryFileFolder {
  id: string;
  name: string;
  parentId: string | null;
  createdAt: string;
}

/** A prompt in a file: everything the library keeps but its id (folderId is the file's folder id). */
type LibraryFilePrompt = Omit<LibraryPrompt, 'id' | 'isPremium' | 'updatedAt'>;

export interface LibraryFile {
  format: typeof LIBRARY_FILE_FORMAT;
  version: typeof LIBRARY_FILE_VERSION;
  exportedAt: string;
  folders: LibraryFileFolder[];
  prompts: LibraryFilePrompt[];
}

/** A folder read from a file; `ref` is its key within the file, parents come before children. */
export interface ImportFolder {
  ref: string;
  name: string;
  parentRef: string | null;
  createdAt: string | null;
}

export type ImportPrompt = Omit<LibraryFilePrompt, 'folderId' | 'createdAt'> & {
  /** Where it was in the file, for the report ('Prompt 3', 'Row 7'). */
  row: string;
  folderRef: string | null;
  createdAt: string | null;
};

export interface SkippedRow {
  row: string;
  name: string;
  reason: string;
}

export interface ParsedLibrary {
  format: 'json' | 'csv';
  folders: ImportFolder[];
  prompts: ImportPrompt[];
  skipped: SkippedRow[];
}

export const FILE_TEXTS = {
  empty: 'The file is empty.',
  notLibrary:
    'This is not a prompt library file. Choose a JSON or CSV file exported from AI Vault, or a CSV with the columns name and prompt_text.',
  badJson: (message: string) => `The file is not valid JSON: ${message}`,
  newerVersion: (version: number) => `This file was made by a newer version of AI Vault (format version ${version}).`,
  csvColumns: 'The CSV needs the columns name and prompt_text.',
} as const;

export const SKIP_REASONS = {
  nameMissing: 'Name is missing.',
  nameTooLong: `Name is longer than ${PROMPT_LIMITS.nameMax} characters.`,
  textMissing: 'Prompt text is missing.',
  textTooLong: `Prompt text is longer than ${PROMPT_LIMITS.textMax.toLocaleString('en-US')} characters.`,
  descriptionTooLong: `Description is longer than ${PROMPT_LIMITS.descriptionMax.toLocaleString('en-US')} characters.`,
  modelTooLong: `Model name is longer than ${PROMPT_LIMITS.modelMax} characters.`,
  folderNameMissing: 'Folder name is missing.',
  folderNameTooLong: `A folder name is longer than ${PROMPT_LIMITS.nameMax} characters.`,
  duplicateFolderId: 'Another folder in the file has the same id.',
  parentMissing: 'Its parent folder is not in the file.',
  parentLoop: 'Its parent folders form a loop.',
  folderMissing: 'Its folder is not in the file.',
  folderSkipped: 'Its folder was skipped.',
  notAnObject: 'Not a prompt or folder record.',
  unknownType: (type: string) => `Unknown row type "${type}" (use folder or prompt).`,
  unreadable: (message: string) => `Could not read this row: ${message}`,
  duplicate: 'The same prompt (name and text) is already in this folder.',
} as const;

// ---------------------------------------------------------------------------------------------
// Export

/** Folders parents first (each level by name), so a reader can create them in order. */
export function foldersInTreeOrder<T extends { id: string; name: string; parentId: string | null }>(folders: readonly T[]): T[] {
  const children = new Map<string | null, T[]>();
  const ids = new Set(folders.map((f) => f.id));
  for (const f of folders) {
    const parent = f.parentId && ids.has(f.parentId) ? f.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), f]);
  }
  const ordered: T[] = [];
  const visit = (parent: string | null) => {
    for (const f of (children.get(parent) ?? []).sort(
      (a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id.localeCompare(b.id),
    )) {
      ordered.push(f);
      visit(f.id);
    }
  };
  visit(null);
  return ordered;
}

const promptOrder = (a: LibraryPrompt, b: LibraryPrompt) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

function libraryFile(folders: readonly LibraryFolder[], prompts: readonly LibraryPrompt[], exportedAt: Date): LibraryFile {
  return {
    format: LIBRARY_FILE_FORMAT,
    version: LIBRARY_FILE_VERSION,
    exportedAt: exportedAt.toISOString(),
    folders: foldersInTreeOrder(folders).map((f) => ({ id: f.id, name: f.name, parentId: f.parentId, createdAt: f.createdAt })),
    prompts: [...prompts].sort(promptOrder).map((p) => ({
      name: p.name,
      promptText: p.promptText,
      description: p.description,
      tags: p.tags,
      isFavorite: p.isFavorite,
      llmProvider: p.llmProvider,
      model: p.model,
      templateId: p.templateId,
      folderId: p.folderId,
      createdAt: p.createdAt,
    })),
  };
}

export const libraryToJson = (folders: readonly LibraryFolder[], prompts: readonly LibraryPrompt[], exportedAt: Date): string =>
  `${JSON.stringify(libraryFile(folders, prompts, exportedAt), null, 2)}\n`;

const CSV_COLUMNS = [
  'type',
  'folder',
  'name',
  'prompt_text',
  'description',
  'tags',
  'is_favorite',
  'llm_provider',
  'model',
  'template_id',
  'created_at',
] as const;

const escapeSegment = (name: string) => name.replace(/\\/g, '\\\\').replace(/\//g, '\\/');

/** 'Marketing/Emails' from the folder names, root first. */
export const joinFolderPath = (names: readonly string[]): string => names.map(escapeSegment).join('/');

/** The folder names of a path, root first; `\/` and `\\` are a slash and a backslash inside a name. */
export function splitFolderPath(path: string): string[] {
  const names: string[] = [];
  let current = '';
  for (let i = 0; i < path.length; i++) {
    const ch = path[i]!;
    if (ch === '\\' && (path[i + 1] === '/' || path[i + 1] === '\\')) {
      current += path[++i];
    } else if (ch === '/') {
      names.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  names.push(current);
  return names.map((n) => n.trim()).filter(Boolean);
}

// A run of apostrophes before a formula character gets one more on the way out, one less on the way in.
const FORMULA = /^'*[=+\-@\t\r]/;
const protectCell = (value: string) => (FORMULA.test(value) ? `'${value}` : value);
/** A cell as written by libraryToCsv, back to its value (the reader's side of protectCell). */
export const unprotectCell = (value: string) => (value.startsWith("'") && FORMULA.test(value) ? value.slice(1) : value);

export function libraryToCsv(folders: readonly LibraryFolder[], prompts: readonly LibraryPrompt[]): string {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const pathOf = (id: string | null): string => {
    const names: string[] = [];
    for (let at = id; at && names.length <= folders.length; at = byId.get(at)?.parentId ?? null) {
      const folder = byId.get(at);
      if (!folder) break;
      names.unshift(folder.name);
    }
    return joinFolderPath(names);
  };
  const rows: string[][] = [
    ...foldersInTreeOrder(folders).map((f) => ['folder', pathOf(f.id), f.name, '', '', '', '', '', '', '', f.createdAt]),
    ...[...prompts]
      .sort(promptOrder)
      .map((p) => [
        'prompt',
        pathOf(p.folderId),
        p.name,
        p.promptText,
        p.description,
        p.tags.join(', '),
        p.isFavorite ? 'true' : 'false',
        p.llmProvider,
        p.model ?? '',
        p.templateId ?? '',
        p.createdAt,
      ]),
  ];
  return `${Papa.unparse({ fields: [...CSV_COLUMNS], data: rows.map((r) => r.map(protectCell)) }, { newline: '\n', quotes: false })}\n`;
}

/** 'prompt-library-2026-11-23.json' */
export const libraryFileName = (kind: 'json' | 'csv', date: Date): string => `prompt-library-${date.toISOString().slice(0, 10)}.${kind}`;
