import Papa from 'papaparse';
import { PROMPT_LIMITS, normalizeTags, type LibraryFolder, type LibraryPrompt } from './promptLibrary.ts';

/**
 * The whole prompt library as a file, and back: JSON (the folder tree by id, exact) and CSV (one
 * row per folder and per prompt, folders named by path, for spreadsheets). Reading checks every
 * row and reports each one it skips with the reason; promptLibraryImport.ts then plans where the
 * rows go. Pure.
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

export interface LibraryFileFolder {
  id: string;
  name: string;
  parentId: string | null;
  createdAt: string;
}

/** A prompt in a file: everything the library keeps but its id (folderId is the file's folder id). */
export type LibraryFilePrompt = Omit<LibraryPrompt, 'id' | 'isPremium' | 'updatedAt'>;

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
  notLibrary: 'This is not a prompt library file. Choose a JSON or CSV file exported from AI Vault, or a CSV with the columns name and prompt_text.',
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
    for (const f of (children.get(parent) ?? []).sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id.localeCompare(b.id))) {
      ordered.push(f);
      visit(f.id);
    }
  };
  visit(null);
  return ordered;
}

const promptOrder = (a: LibraryPrompt, b: LibraryPrompt) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

export function libraryFile(folders: readonly LibraryFolder[], prompts: readonly LibraryPrompt[], exportedAt: Date): LibraryFile {
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

export const CSV_COLUMNS = ['type', 'folder', 'name', 'prompt_text', 'description', 'tags', 'is_favorite', 'llm_provider', 'model', 'template_id', 'created_at'] as const;

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
const unprotectCell = (value: string) => (value.startsWith("'") && FORMULA.test(value) ? value.slice(1) : value);

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
    ...[...prompts].sort(promptOrder).map((p) => [
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

// ---------------------------------------------------------------------------------------------
// Read

type Fields = {
  name: unknown;
  promptText: unknown;
  description?: unknown;
  tags?: unknown;
  isFavorite?: unknown;
  llmProvider?: unknown;
  model?: unknown;
  templateId?: unknown;
  createdAt?: unknown;
};

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const optionalText = (value: unknown): string | null => text(value).trim() || null;
const truthy = (value: unknown) => value === true || (typeof value === 'string' && /^(true|yes|y|1|★)$/i.test(value.trim()));
const timestamp = (value: unknown): string | null => {
  const raw = text(value).trim();
  return raw && !Number.isNaN(Date.parse(raw)) ? new Date(raw).toISOString() : null;
};

/** A prompt from a file's fields, or the reason it is skipped. */
function readPrompt(row: string, fields: Fields, folderRef: string | null): ImportPrompt | SkippedRow {
  const name = text(fields.name).trim();
  const promptText = text(fields.promptText);
  const description = text(fields.description);
  const problem =
    !name ? SKIP_REASONS.nameMissing
    : name.length > PROMPT_LIMITS.nameMax ? SKIP_REASONS.nameTooLong
    : !promptText.trim() ? SKIP_REASONS.textMissing
    : promptText.length > PROMPT_LIMITS.textMax ? SKIP_REASONS.textTooLong
    : description.length > PROMPT_LIMITS.descriptionMax ? SKIP_REASONS.descriptionTooLong
    : text(fields.model).trim().length > PROMPT_LIMITS.modelMax ? SKIP_REASONS.modelTooLong
    : null;
  if (problem) return { row, name, reason: problem };
  const tags = Array.isArray(fields.tags) ? fields.tags.map(text) : text(fields.tags);
  return {
    row,
    name,
    promptText,
    description,
    tags: normalizeTags(tags),
    isFavorite: truthy(fields.isFavorite),
    llmProvider: optionalText(fields.llmProvider) ?? 'openai',
    model: optionalText(fields.model),
    templateId: optionalText(fields.templateId),
    folderRef,
    createdAt: timestamp(fields.createdAt),
  };
}

const isSkipped = (value: ImportPrompt | SkippedRow): value is SkippedRow => 'reason' in value;

/** Reads an exported library (JSON or CSV, told apart by the first character). */
export function parseLibraryFile(content: string): { ok: true; library: ParsedLibrary } | { ok: false; error: string } {
  const trimmed = content.replace(/^\uFEFF/, '').trim();
  if (!trimmed) return { ok: false, error: FILE_TEXTS.empty };
  return trimmed.startsWith('{') || trimmed.startsWith('[') ? parseJsonLibrary(trimmed) : parseCsvLibrary(trimmed);
}

function parseJsonLibrary(content: string): { ok: true; library: ParsedLibrary } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch (error) {
    return { ok: false, error: FILE_TEXTS.badJson(error instanceof Error ? error.message : String(error)) };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, error: FILE_TEXTS.notLibrary };
  const file = value as Record<string, unknown>;
  if (file.format !== LIBRARY_FILE_FORMAT || !Array.isArray(file.prompts)) return { ok: false, error: FILE_TEXTS.notLibrary };
  if (typeof file.version === 'number' && file.version > LIBRARY_FILE_VERSION) return { ok: false, error: FILE_TEXTS.newerVersion(file.version) };

  const skipped: SkippedRow[] = [];
  const folderSkips: (SkippedRow & { index: number })[] = [];
  const raw = new Map<string, { name: string; parentId: string | null; createdAt: string | null; row: string; index: number }>();
  (Array.isArray(file.folders) ? file.folders : []).forEach((item: unknown, index) => {
    const row = `Folder ${index + 1}`;
    const skip = (name: string, reason: string) => folderSkips.push({ index, row, name, reason });
    if (!item || typeof item !== 'object') return skip('', SKIP_REASONS.notAnObject);
    const f = item as Record<string, unknown>;
    const id = text(f.id);
    const name = text(f.name).trim();
    if (!name) return skip(name, SKIP_REASONS.folderNameMissing);
    if (name.length > PROMPT_LIMITS.nameMax) return skip(name, SKIP_REASONS.folderNameTooLong);
    if (!id || raw.has(id)) return skip(name, SKIP_REASONS.duplicateFolderId);
    raw.set(id, { name, parentId: optionalText(f.parentId), createdAt: timestamp(f.createdAt), row, index });
  });

  // Keep the folders whose parent chain reaches the root; report the rest.
  const state = new Map<string, 'ok' | 'missing' | 'loop'>();
  for (const [id, folder] of raw) {
    const chain: string[] = [];
    const inChain = new Set<string>();
    let outcome: 'ok' | 'missing' | 'loop' = 'ok';
    for (let at: string | null = id; at !== null; at = raw.get(at)!.parentId) {
      const known = state.get(at);
      if (known) {
        outcome = known;
        break;
      }
      if (inChain.has(at)) {
        outcome = 'loop';
        break;
      }
      if (!raw.has(at)) {
        outcome = 'missing';
        break;
      }
      chain.push(at);
      inChain.add(at);
    }
    for (const member of chain) state.set(member, outcome);
    if (outcome !== 'ok') {
      folderSkips.push({ index: folder.index, row: folder.row, name: folder.name, reason: outcome === 'loop' ? SKIP_REASONS.parentLoop : SKIP_REASONS.parentMissing });
    }
  }
  skipped.push(...folderSkips.sort((a, b) => a.index - b.index).map(({ row, name, reason }) => ({ row, name, reason })));
  const kept = [...raw].filter(([id]) => state.get(id) === 'ok').map(([id, f]) => ({ id, name: f.name, parentId: f.parentId, createdAt: f.createdAt }));
  const folders: ImportFolder[] = foldersInTreeOrder(kept).map((f) => ({ ref: f.id, name: f.name, parentRef: f.parentId, createdAt: f.createdAt }));

  const prompts: ImportPrompt[] = [];
  (file.prompts as unknown[]).forEach((item, index) => {
    const row = `Prompt ${index + 1}`;
    if (!item || typeof item !== 'object') return skipped.push({ row, name: '', reason: SKIP_REASONS.notAnObject });
    const p = item as Record<string, unknown>;
    const folderRef = optionalText(p.folderId);
    if (folderRef !== null && state.get(folderRef) !== 'ok') {
      return skipped.push({ row, name: text(p.name).trim(), reason: raw.has(folderRef) ? SKIP_REASONS.folderSkipped : SKIP_REASONS.folderMissing });
    }
    const read = readPrompt(row, p as Fields, folderRef);
    if (isSkipped(read)) skipped.push(read);
    else prompts.push(read);
  });
  return { ok: true, library: { format: 'json', folders, prompts, skipped } };
}

function parseCsvLibrary(content: string): { ok: true; library: ParsedLibrary } | { ok: false; error: string } {
  const parsed = Papa.parse<Record<string, string | undefined>>(content, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const columns = parsed.meta.fields ?? [];
  if (!columns.includes('name') || !columns.includes('prompt_text')) return { ok: false, error: FILE_TEXTS.csvColumns };
  const rowErrors = new Map<number, string>();
  for (const error of parsed.errors) if (error.row !== undefined && !rowErrors.has(error.row)) rowErrors.set(error.row, error.message);

  const skipped: SkippedRow[] = [];
  const folders = new Map<string, ImportFolder>();
  // Every folder on a path exists; a folder row only adds its date.
  const folderRefOf = (names: string[], createdAt: string | null = null): string | null => {
    let parentRef: string | null = null;
    names.forEach((name, depth) => {
      const ref = JSON.stringify(names.slice(0, depth + 1));
      if (!folders.has(ref)) folders.set(ref, { ref, name, parentRef, createdAt: null });
      if (depth === names.length - 1 && createdAt) folders.get(ref)!.createdAt = createdAt;
      parentRef = ref;
    });
    return parentRef;
  };

  const prompts: ImportPrompt[] = [];
  parsed.data.forEach((record, index) => {
    const row = `Row ${index + 2}`; // the header is row 1, as a spreadsheet numbers them
    const cell = (column: string) => unprotectCell(record[column] ?? '');
    const name = cell('name').trim();
    const problem = rowErrors.get(index);
    if (problem) return skipped.push({ row, name, reason: SKIP_REASONS.unreadable(problem) });
    const type = cell('type').trim().toLowerCase() || 'prompt';
    const path = splitFolderPath(cell('folder'));
    if (path.some((n) => n.length > PROMPT_LIMITS.nameMax)) return skipped.push({ row, name, reason: SKIP_REASONS.folderNameTooLong });
    if (type === 'folder') {
      if (!path.length) return skipped.push({ row, name, reason: SKIP_REASONS.folderNameMissing });
      folderRefOf(path, timestamp(cell('created_at')));
      return;
    }
    if (type !== 'prompt') return skipped.push({ row, name, reason: SKIP_REASONS.unknownType(type) });
    const read = readPrompt(
      row,
      {
        name,
        promptText: cell('prompt_text'),
        description: cell('description'),
        tags: cell('tags'),
        isFavorite: cell('is_favorite'),
        llmProvider: cell('llm_provider'),
        model: cell('model'),
        templateId: cell('template_id'),
        createdAt: cell('created_at'),
      },
      null,
    );
    if (isSkipped(read)) return skipped.push(read);
    prompts.push({ ...read, folderRef: folderRefOf(path) });
  });
  return { ok: true, library: { format: 'csv', folders: [...folders.values()], prompts, skipped } };
}
