import { LIBRARY_TEXTS } from '@/shared/core/promptLibrary/library.ts';
import { LibraryScreen } from './LibraryScreen.tsx';

/** /my-prompts: the prompt library. */
export function MyPromptsPage() {
  return <LibraryScreen title={LIBRARY_TEXTS.pageTitle} subtitle="Your saved prompts in folders: run, edit, move, tag and star them." />;
}

/**
 * /prompts-library (Manage Folders → Prompt Folders): the same library, titled for
 * organising folders; everything on it works the same and opens the same folders.
 */
export function PromptFoldersPage() {
  return (
    <LibraryScreen
      title="Prompt Folders"
      subtitle="Organize your saved prompts in folders and subfolders. This is the same library as My Prompts & Stacks."
    />
  );
}
