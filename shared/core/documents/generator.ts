import { compareBySort, type LibrarySort } from '../promptLibrary/sort.ts';
import { DOCUMENT_TEMPLATES, type TemplateId } from './templates.ts';

/**
 * The document generator's suggested-prompt flow as a pure state machine, and the
 * folder tree the documents list shows. The first press on Generate asks the AI for a better
 * prompt; the user uses the suggestion, keeps the original, or saves the suggestion to the library;
 * the second press generates the document. When the suggestion cannot be made, the user may go
 * on with their own prompt rather than being stuck.
 */

export interface SuggestionView {
  originalPromptText: string;
  suggestedPromptText: string;
  reasoningText: string;
  templateId: TemplateId;
}

export type GeneratorFlow =
  /** Nothing asked yet: Generate analyses the prompt. */
  | { step: 'compose' }
  | { step: 'analysing' }
  /** The suggestion is shown; Generate now writes the document with the prompt as it stands. */
  | { step: 'suggested'; suggestion: SuggestionView }
  | { step: 'analysisFailed'; message: string }
  /** The user chose; Generate writes the document. */
  | { step: 'ready'; using: 'suggestion' | 'original'; suggestion: SuggestionView | null }
  | { step: 'generating'; using: 'suggestion' | 'original'; suggestion: SuggestionView | null };

export type GeneratorEvent =
  | { type: 'analyse' }
  | { type: 'analysed'; suggestion: SuggestionView }
  | { type: 'analysisFailed'; message: string }
  | { type: 'useSuggestion' }
  | { type: 'keepOriginal' }
  /** Go on without a suggestion (after the analysis failed or was cancelled). */
  | { type: 'skipSuggestion' }
  | { type: 'generate' }
  /** The generation ended: a success starts over with the next prompt; a failure may be retried. */
  | { type: 'generated'; ok: boolean }
  /** A new prompt (a saved one was loaded, or the user starts over). */
  | { type: 'reset' };

export const INITIAL_FLOW: GeneratorFlow = { step: 'compose' };

const suggestionOf = (flow: GeneratorFlow): SuggestionView | null =>
  flow.step === 'suggested' || flow.step === 'ready' || flow.step === 'generating' ? flow.suggestion : null;

export function generatorFlow(flow: GeneratorFlow, event: GeneratorEvent): GeneratorFlow {
  switch (event.type) {
    case 'reset':
      return INITIAL_FLOW;
    case 'analyse':
      return flow.step === 'generating' ? flow : { step: 'analysing' };
    case 'analysed':
      return flow.step === 'analysing' ? { step: 'suggested', suggestion: event.suggestion } : flow;
    case 'analysisFailed':
      return flow.step === 'analysing' ? { step: 'analysisFailed', message: event.message } : flow;
    case 'useSuggestion':
    case 'keepOriginal': {
      const suggestion = suggestionOf(flow);
      if (flow.step !== 'suggested' && flow.step !== 'ready') return flow;
      return { step: 'ready', using: event.type === 'useSuggestion' ? 'suggestion' : 'original', suggestion };
    }
    case 'skipSuggestion':
      return flow.step === 'analysisFailed' || flow.step === 'analysing' ? { step: 'ready', using: 'original', suggestion: null } : flow;
    case 'generate':
      if (flow.step === 'suggested') return { step: 'generating', using: 'original', suggestion: flow.suggestion };
      return flow.step === 'ready' ? { step: 'generating', using: flow.using, suggestion: flow.suggestion } : flow;
    case 'generated':
      if (flow.step !== 'generating') return flow;
      return event.ok ? INITIAL_FLOW : { step: 'ready', using: flow.using, suggestion: flow.suggestion };
  }
}

/** What a press on Generate does now. */
export function generatePressAction(flow: GeneratorFlow): 'analyse' | 'generate' | 'busy' {
  if (flow.step === 'analysing' || flow.step === 'generating') return 'busy';
  return flow.step === 'suggested' || flow.step === 'ready' ? 'generate' : 'analyse';
}

export function generateButtonLabel(flow: GeneratorFlow): string {
  switch (flow.step) {
    case 'analysing':
      return 'Analysing…';
    case 'generating':
      return 'Generating…';
    case 'suggested':
    case 'ready':
      return 'Generate document';
    default:
      return 'Generate';
  }
}

/** The name offered when a suggestion is saved to the library. */
export function suggestionPromptName(suggestion: Pick<SuggestionView, 'templateId'>): string {
  return `Improved ${DOCUMENT_TEMPLATES[suggestion.templateId].label.toLowerCase()} prompt`;
}

// ---------------------------------------------------------------------------------------------
// The folder tree of the documents list

export interface TreeFolder {
  id: string;
  name: string;
  parentId: string | null;
  createdAt: string;
}

export interface FolderRow<F extends TreeFolder> {
  folder: F;
  /** 0 for a top-level folder. */
  depth: number;
}

/**
 * Folders depth first, each level in the chosen order, with their depth (for an indented list).
 * A folder whose parent is not in the list (a cycle or a missing parent) shows at the top level, so
 * nothing the user owns ever disappears from the tree.
 */
export function folderTreeRows<F extends TreeFolder>(folders: readonly F[], sort: LibrarySort): FolderRow<F>[] {
  const ids = new Set(folders.map((f) => f.id));
  const children = new Map<string | null, F[]>();
  for (const folder of folders) {
    const parent = folder.parentId && ids.has(folder.parentId) && folder.parentId !== folder.id ? folder.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), folder]);
  }
  const compare = compareBySort<F>(sort);
  const rows: FolderRow<F>[] = [];
  const seen = new Set<string>();
  const visit = (parent: string | null, depth: number) => {
    for (const folder of [...(children.get(parent) ?? [])].sort(compare)) {
      if (seen.has(folder.id)) continue;
      seen.add(folder.id);
      rows.push({ folder, depth });
      visit(folder.id, depth + 1);
    }
  };
  visit(null, 0);
  // Folders caught in a cycle never hang from the top level: list them there.
  for (const folder of [...folders].sort(compare)) {
    if (!seen.has(folder.id)) {
      seen.add(folder.id);
      rows.push({ folder, depth: 0 });
      visit(folder.id, 1);
    }
  }
  return rows;
}

/** A folder and every folder below it (what deleting it takes along). */
export function folderWithDescendants(folderId: string, folders: readonly TreeFolder[]): Set<string> {
  const result = new Set<string>([folderId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const folder of folders) {
      if (folder.parentId && result.has(folder.parentId) && !result.has(folder.id)) {
        result.add(folder.id);
        grew = true;
      }
    }
  }
  return result;
}
