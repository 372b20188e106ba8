import { passed, refused, type Check } from '../check.ts';

/**
 * The prompt library's rules: the prompt manager's texts verbatim, the limits,
 * one-prompt-per-line import, the breadcrumb walk, and the library's shapes (the sort options are
 * in sort.ts, the checks of names, prompts and tags in validation.ts). Pure;
 * shared/data/promptLibrary/library.ts does the I/O with these.
 */

export interface LibraryFolder {
  id: string;
  name: string;
  /** null: the library root. */
  parentId: string | null;
  createdAt: string;
}

export interface LibraryPrompt {
  id: string;
  name: string;
  promptText: string;
  description: string;
  tags: string[];
  isFavorite: boolean;
  /** The provider this prompt runs with by default ('openai', 'gemini', 'chatgpt_custom', …; default 'openai'). */
  llmProvider: string;
  /** The model it runs with by default; null = the provider's default model. */
  model: string | null;
  templateId: string | null;
  /** null: the library root. */
  folderId: string | null;
  isPremium: boolean;
  createdAt: string;
  updatedAt: string;
}

/** What a new or edited prompt carries (the server fills id, owner and dates). */
export interface PromptDraft {
  name: string;
  promptText: string;
  description?: string;
  tags?: string[];
  isFavorite?: boolean;
  llmProvider?: string;
  model?: string | null;
  templateId?: string | null;
  folderId: string | null;
}

export interface LibraryNotice {
  title: string;
  description?: string;
  variant?: 'destructive';
}

/** The screen's texts, word for word as users see them (tests check them). */
export const LIBRARY_TEXTS = {
  pageTitle: 'My Prompts & Stacks',
  rootName: 'My Prompts Library',
  empty: 'This folder is empty. Create a new prompt or folder to get started!',
  folderCardText: 'Contains other prompts and folders.',
  newFolder: 'New folder',
  newPrompt: 'New prompt',
  import: 'Import',
  create: 'Create',
  savePrompt: 'Save Prompt',
  usePrompt: 'Use Prompt',
  openFolder: 'Open Folder',
  folderNameRequired: 'Folder name cannot be empty',
  promptFieldsRequired: 'Prompt name and text are required.',
  noTextToImport: 'No text to import.',
  noValidPrompts: 'No valid prompts found in text.',
  folderNotFound: 'Folder not found',
  /** Ours: the database refuses the same move with this text (migration 20261123000100). */
  folderCycle: 'A folder cannot be moved into itself or one of its subfolders.',
} as const;

const failure =
  (title: string) =>
  (message: string): LibraryNotice => ({ title, description: message, variant: 'destructive' });

/** The prompt-data error toasts, each with the server's message. */
export const LIBRARY_ERRORS = {
  fetchYourPrompts: failure('Error fetching your prompts'),
  fetchFolders: failure('Error fetching prompt folders'),
  fetchPrompts: failure('Error fetching prompts'),
  /** "message or 'Folder not found'". */
  buildPath: (message?: string | null): LibraryNotice => failure('Error building folder path')(message || LIBRARY_TEXTS.folderNotFound),
  createFolder: failure('Error creating folder'),
  savePrompt: failure('Error saving prompt'),
  importPrompts: failure('Error importing prompts'),
  deletePromptsInFolder: failure('Error deleting prompts in folder'),
  delete: (type: DeleteTarget['type'], message: string): LibraryNotice => failure(`Error deleting ${type}`)(message),
  /** Added by this build: moving, tagging, exporting. */
  move: failure('Error moving items'),
  update: failure('Error updating prompt'),
  export: failure('Error exporting library'),
} as const;

/** Success toasts (added by this build). */
export const LIBRARY_SUCCESS = {
  folderCreated: (name: string): LibraryNotice => ({ title: 'Folder created', description: `"${name}" is ready.` }),
  promptSaved: (name: string): LibraryNotice => ({ title: 'Prompt saved', description: `"${name}" is in your library.` }),
  imported: (count: number): LibraryNotice => ({
    title: 'Prompts imported',
    description: `${count} ${count === 1 ? 'prompt' : 'prompts'} added.`,
  }),
  deleted: (target: DeleteTarget): LibraryNotice => ({
    title: target.type === 'folder' ? 'Folder deleted' : 'Prompt deleted',
    description: `"${target.name}" was deleted.`,
  }),
  moved: (count: number): LibraryNotice => ({ title: 'Moved', description: `${count} ${count === 1 ? 'item' : 'items'} moved.` }),
} as const;

/** What a delete confirmation is about: a folder (with everything in it) or one prompt. */
export interface DeleteTarget {
  type: 'folder' | 'prompt';
  id: string;
  name: string;
}

/** The delete confirmation's question (every delete asks first). */
export const deleteQuestion = (target: DeleteTarget): string =>
  target.type === 'folder'
    ? `Delete the folder "${target.name}" and everything inside it, including its subfolders? This cannot be undone.`
    : `Delete the prompt "${target.name}"? This cannot be undone.`;

// ---------------------------------------------------------------------------------------------
// Limits (the database checks the same, migration 20261123000100)

export const PROMPT_LIMITS = {
  nameMax: 200,
  textMax: 100_000,
  descriptionMax: 2_000,
  modelMax: 200,
  tagsMax: 20,
  tagMax: 40,
  /** Imported names are cut at 50 characters. */
  importNameChars: 50,
  /** The breadcrumb walks at most 10 folders. */
  pathDepth: 10,
} as const;

// ---------------------------------------------------------------------------------------------
// Import: one prompt per line

export interface LineImportRow {
  name: string;
  promptText: string;
  llmProvider: 'openai';
  folderId: string | null;
}

export type LineImport = Check<{ rows: LineImportRow[]; skipped: { line: number; reason: string }[] }>;

/** The imported name: the first 50 characters, plus '...' when the line is longer (whole characters, never half an emoji). */
export function importedPromptName(line: string): string {
  const chars = Array.from(line);
  return chars.length > PROMPT_LIMITS.importNameChars ? `${chars.slice(0, PROMPT_LIMITS.importNameChars).join('')}...` : line;
}

/**
 * One prompt per non-blank line into the current folder, provider openai. Lines are trimmed (so
 * Windows line ends and stray spaces never become part of a name). Empty text gives 'No text to
 * import.'; text with only blank lines 'No valid prompts found in text.'. A line longer than a
 * prompt may be is skipped and reported.
 */
export function parseImportLines(text: string, folderId: string | null): LineImport {
  if (text.length === 0) return refused(LIBRARY_TEXTS.noTextToImport);
  const rows: LineImportRow[] = [];
  const skipped: { line: number; reason: string }[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    if (line.length > PROMPT_LIMITS.textMax) {
      skipped.push({ line: index + 1, reason: `Longer than ${PROMPT_LIMITS.textMax.toLocaleString('en-US')} characters.` });
      return;
    }
    rows.push({ name: importedPromptName(line), promptText: line, llmProvider: 'openai', folderId });
  });
  if (!rows.length && !skipped.length) return refused(LIBRARY_TEXTS.noValidPrompts);
  return passed({ rows, skipped });
}

// ---------------------------------------------------------------------------------------------
// Breadcrumb

export interface Crumb {
  /** null: the root crumb. */
  id: string | null;
  name: string;
}

export interface FolderRef {
  id: string;
  name: string;
  parentId: string | null;
}

/** Reads one of the user's folders: data null when there is no such folder (or it is not theirs). */
export type FetchFolder = (id: string) => Promise<{ data: FolderRef | null; error: null } | { data: null; error: { message: string } }>;

export type FolderPath =
  /** Root first, the current folder last; truncated when the walk stopped at the depth cap. */
  | { ok: true; crumbs: Crumb[]; truncated: boolean }
  /** The walk failed: show the notice and go back to the root. */
  | { ok: false; crumbs: Crumb[]; notice: LibraryNotice };

export const ROOT_CRUMB: Crumb = { id: null, name: LIBRARY_TEXTS.rootName };

/**
 * Rebuilds the breadcrumb of a folder by walking its parents, at most 10 folders.
 * Any failure resets to the root with 'Error building folder path' and the message (or 'Folder
 * not found'). The cap also stops a cycle from looping.
 */
export async function buildFolderPath(folderId: string | null, fetchFolder: FetchFolder): Promise<FolderPath> {
  if (!folderId) return { ok: true, crumbs: [ROOT_CRUMB], truncated: false };
  const chain: Crumb[] = [];
  let next: string | null = folderId;
  try {
    while (next && chain.length < PROMPT_LIMITS.pathDepth) {
      const { data, error } = await fetchFolder(next);
      if (error) return { ok: false, crumbs: [ROOT_CRUMB], notice: LIBRARY_ERRORS.buildPath(error.message) };
      if (!data) return { ok: false, crumbs: [ROOT_CRUMB], notice: LIBRARY_ERRORS.buildPath() };
      chain.unshift({ id: data.id, name: data.name });
      next = data.parentId;
    }
  } catch (thrown) {
    return { ok: false, crumbs: [ROOT_CRUMB], notice: LIBRARY_ERRORS.buildPath(thrown instanceof Error ? thrown.message : null) };
  }
  return { ok: true, crumbs: [ROOT_CRUMB, ...chain], truncated: next !== null };
}

/**
 * The same path from folders already loaded (e.g. the whole tree for a "Move to…" dialog), or null
 * when a folder is missing. Capped like the walk.
 */
export function folderPathFromTree(folderId: string | null, folders: ReadonlyMap<string, FolderRef>): Crumb[] | null {
  const chain: Crumb[] = [];
  let next = folderId;
  while (next && chain.length < PROMPT_LIMITS.pathDepth) {
    const folder = folders.get(next);
    if (!folder) return null;
    chain.unshift({ id: folder.id, name: folder.name });
    next = folder.parentId;
  }
  return [ROOT_CRUMB, ...chain];
}

/**
 * The folders a folder may move into: every folder except itself and its descendants (the database
 * refuses those moves too). Root (null) is always allowed.
 */
export function moveTargets(movingFolderIds: readonly string[], folders: readonly FolderRef[]): FolderRef[] {
  const children = new Map<string | null, FolderRef[]>();
  for (const f of folders) children.set(f.parentId, [...(children.get(f.parentId) ?? []), f]);
  const excluded = new Set<string>();
  const stack = [...movingFolderIds];
  while (stack.length) {
    const id = stack.pop()!;
    if (excluded.has(id)) continue;
    excluded.add(id);
    for (const child of children.get(id) ?? []) stack.push(child.id);
  }
  return folders.filter((f) => !excluded.has(f.id));
}
