import type { Tables, TablesUpdate } from '../database.types.ts';
import type { LibraryFolder, LibraryPrompt, PromptDraft } from '../../core/promptLibrary/library.ts';
import { normalizeTags } from '../../core/promptLibrary/validation.ts';
import type { PromptCard } from './library.ts';

/**
 * The prompt library's rows: the columns its reads select, the row types, and their mapping to the
 * core shapes (and a draft's back to a row).
 */

export const FOLDER_COLUMNS = 'id, name, parent_folder_id, created_at';
const PROMPT_META =
  'id, name, description, tags, is_favorite, llm_provider, model, template_id, folder_id, is_premium, created_at, updated_at';
// as const: the select-string parser types rows from the literal.
export const PROMPT_COLUMNS = `${PROMPT_META}, prompt_text` as const;
// preview is a computed column (prompt_preview()) that the generated types do not list, so the
// parser cannot type it: queries selecting CARD_COLUMNS name their rows with overrideTypes<CardRow[]>.
export const CARD_COLUMNS = `${PROMPT_META}, preview:prompt_preview` as const;

type FolderRow = Pick<Tables<'prompt_folders'>, 'id' | 'name' | 'parent_folder_id' | 'created_at'>;
type PromptMetaRow = Omit<Tables<'saved_prompts'>, 'prompt_text' | 'search_text' | 'sort_name' | 'user_id'>;
export type PromptRow = PromptMetaRow & Pick<Tables<'saved_prompts'>, 'prompt_text'>;
export type CardRow = PromptMetaRow & { preview: string | null };

export const toFolder = (r: FolderRow): LibraryFolder => ({
  id: r.id,
  name: r.name,
  parentId: r.parent_folder_id,
  createdAt: r.created_at,
});
const toMeta = (r: PromptMetaRow) => ({
  id: r.id,
  name: r.name,
  description: r.description,
  tags: r.tags,
  isFavorite: r.is_favorite,
  llmProvider: r.llm_provider,
  model: r.model,
  templateId: r.template_id,
  folderId: r.folder_id,
  isPremium: r.is_premium,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
export const toPrompt = (r: PromptRow): LibraryPrompt => ({ ...toMeta(r), promptText: r.prompt_text });
export const toCard = (r: CardRow): PromptCard => ({ ...toMeta(r), preview: r.preview ?? '' });

/** The columns a (partial) draft sets: name and description trimmed, tags normalised, a blank model null. */
export function promptRow(draft: Partial<PromptDraft>): TablesUpdate<'saved_prompts'> {
  const row: TablesUpdate<'saved_prompts'> = {};
  if (draft.name !== undefined) row.name = draft.name.trim();
  if (draft.promptText !== undefined) row.prompt_text = draft.promptText;
  if (draft.description !== undefined) row.description = draft.description.trim();
  if (draft.tags !== undefined) row.tags = normalizeTags(draft.tags);
  if (draft.isFavorite !== undefined) row.is_favorite = draft.isFavorite;
  if (draft.llmProvider !== undefined) row.llm_provider = draft.llmProvider;
  if (draft.model !== undefined) row.model = draft.model?.trim() || null;
  if (draft.templateId !== undefined) row.template_id = draft.templateId;
  if (draft.folderId !== undefined) row.folder_id = draft.folderId;
  return row;
}
