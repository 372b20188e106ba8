import Papa from 'papaparse';
import { PROMPT_LIMITS } from './library.ts';
import { normalizeTags } from './validation.ts';
import {
  FILE_TEXTS,
  foldersInTreeOrder,
  LIBRARY_FILE_FORMAT,
  LIBRARY_FILE_VERSION,
  SKIP_REASONS,
  splitFolderPath,
  unprotectCell,
  type ImportFolder,
  type ImportPrompt,
  type ParsedLibrary,
  type SkippedRow,
} from './file.ts';
import { errorMessage } from '../text.ts';
import { passed, refused, type Check } from '../check.ts';

/**
 * Reading an exported prompt library (JSON or CSV, the format in promptLibraryFile.ts): every row
 * is checked, and each one skipped is reported with its reason. Pure.
 */

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
  const problem = !name
    ? SKIP_REASONS.nameMissing
    : name.length > PROMPT_LIMITS.nameMax
      ? SKIP_REASONS.nameTooLong
      : !promptText.trim()
        ? SKIP_REASONS.textMissing
        : promptText.length > PROMPT_LIMITS.textMax
          ? SKIP_REASONS.textTooLong
          : description.length > PROMPT_LIMITS.descriptionMax
            ? SKIP_REASONS.descriptionTooLong
            : text(fields.model).trim().length > PROMPT_LIMITS.modelMax
              ? SKIP_REASONS.modelTooLong
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
export function parseLibraryFile(content: string): Check<ParsedLibrary> {
  const trimmed = content.replace(/^\uFEFF/, '').trim();
  if (!trimmed) return refused(FILE_TEXTS.empty);
  return trimmed.startsWith('{') || trimmed.startsWith('[') ? parseJsonLibrary(trimmed) : parseCsvLibrary(trimmed);
}

function parseJsonLibrary(content: string): Check<ParsedLibrary> {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch (error) {
    return refused(FILE_TEXTS.badJson(errorMessage(error)));
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return refused(FILE_TEXTS.notLibrary);
  const file = value as Record<string, unknown>;
  if (file.format !== LIBRARY_FILE_FORMAT || !Array.isArray(file.prompts)) return refused(FILE_TEXTS.notLibrary);
  if (typeof file.version === 'number' && file.version > LIBRARY_FILE_VERSION) return refused(FILE_TEXTS.newerVersion(file.version));

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
      folderSkips.push({
        index: folder.index,
        row: folder.row,
        name: folder.name,
        reason: outcome === 'loop' ? SKIP_REASONS.parentLoop : SKIP_REASONS.parentMissing,
      });
    }
  }
  skipped.push(...folderSkips.sort((a, b) => a.index - b.index).map(({ row, name, reason }) => ({ row, name, reason })));
  const kept = [...raw]
    .filter(([id]) => state.get(id) === 'ok')
    .map(([id, f]) => ({ id, name: f.name, parentId: f.parentId, createdAt: f.createdAt }));
  const folders: ImportFolder[] = foldersInTreeOrder(kept).map((f) => ({
    ref: f.id,
    name: f.name,
    parentRef: f.parentId,
    createdAt: f.createdAt,
  }));

  const prompts: ImportPrompt[] = [];
  (file.prompts as unknown[]).forEach((item, index) => {
    const row = `Prompt ${index + 1}`;
    if (!item || typeof item !== 'object') return skipped.push({ row, name: '', reason: SKIP_REASONS.notAnObject });
    const p = item as Record<string, unknown>;
    const folderRef = optionalText(p.folderId);
    if (folderRef !== null && state.get(folderRef) !== 'ok') {
      return skipped.push({
        row,
        name: text(p.name).trim(),
        reason: raw.has(folderRef) ? SKIP_REASONS.folderSkipped : SKIP_REASONS.folderMissing,
      });
    }
    const read = readPrompt(row, p as Fields, folderRef);
    if (isSkipped(read)) skipped.push(read);
    else prompts.push(read);
  });
  return passed({ format: 'json', folders, prompts, skipped });
}

function parseCsvLibrary(content: string): Check<ParsedLibrary> {
  const parsed = Papa.parse<Record<string, string | undefined>>(content, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const columns = parsed.meta.fields ?? [];
  if (!columns.includes('name') || !columns.includes('prompt_text')) return refused(FILE_TEXTS.csvColumns);
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
  return passed({ format: 'csv', folders: [...folders.values()], prompts, skipped });
}
