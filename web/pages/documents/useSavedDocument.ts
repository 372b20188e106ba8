import { useRef, useState } from 'react';
import { DOCUMENT_ERRORS, DOCUMENT_TEXTS, documentSaveProblem } from '@/shared/core/documents/documents.ts';
import { listDocumentsByIds, saveDocument, updateDocumentContent, type DocumentSummary } from '@/shared/data/documents/documents.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { supabase } from '@/web/lib/supabase.ts';
import type { DocumentsApi } from './useDocuments.ts';

/** The document of one generation, once saved. */
export interface SavedResult {
  generationId: number;
  doc: DocumentSummary;
}

/** Whether a session is still there to save with: it can end (signed out elsewhere, storage cleared) while the page stays open. */
async function signedIn(): Promise<boolean> {
  const { data } = await supabase.auth.getSession();
  return data.session !== null;
}

/**
 * Saving what the generator wrote: into the folder chosen on the page, 'Login Required'
 * without a session and 'Nothing to Save' without content — the text stays on the page either way.
 */
export function useSavedDocument(deps: { documents: DocumentsApi; folderId: string | null; folderLabel: string }) {
  const notify = useNotify();
  const [saved, setSaved] = useState<SavedResult | null>(null);
  const [busy, setBusy] = useState(false);
  // The folder chosen when the save happens (a generation may finish after the choice changed).
  const target = useRef({ folderId: deps.folderId, folderLabel: deps.folderLabel });
  target.current = { folderId: deps.folderId, folderLabel: deps.folderLabel };

  /** The save checks (signed in, something to save); shows the toast and answers false when one fails. */
  const canSave = async (content: string): Promise<boolean> => {
    const problem = documentSaveProblem({ signedIn: await signedIn(), content });
    if (!problem) return true;
    notify(
      problem === DOCUMENT_TEXTS.loginRequired
        ? {
            title: problem,
            description: 'Your session has ended. Sign in again to save this document; it stays on this page.',
            variant: 'destructive',
          }
        : {
            title: problem,
            description: problem === DOCUMENT_TEXTS.nothingToSave ? 'The document is empty.' : undefined,
            variant: 'destructive',
          },
    );
    return false;
  };

  return {
    saved,
    busy,
    /** The folder chosen now (where a generation's document goes). */
    folderId: () => target.current.folderId,
    /** A generation's document, saved by the server with the count: shown as saved here. */
    async adopt(input: { id: number; documentId: string }): Promise<DocumentSummary | null> {
      const result = await listDocumentsByIds(supabase, [input.documentId]);
      const doc = result.data?.[0];
      if (!doc) {
        notify({
          title: DOCUMENT_ERRORS.fetch('document'),
          description: result.error?.message ?? 'The saved document could not be read back.',
          variant: 'destructive',
        });
        return null;
      }
      setSaved({ generationId: input.id, doc });
      deps.documents.added(doc);
      notify({ title: 'Document Saved', description: `"${doc.name}" is in ${target.current.folderLabel}.` });
      return doc;
    },
    /**
     * Saves text by hand (a stopped or failed generation's partial text): a plain document, not
     * counted — only the generator's counted documents carry a template. Null when it could not be
     * saved (the text stays).
     */
    async saveNew(input: { id: number; content: string; name: string }): Promise<DocumentSummary | null> {
      if (!(await canSave(input.content))) return null;
      const { folderId, folderLabel } = target.current;
      setBusy(true);
      const result = await saveDocument(supabase, { name: input.name, content: input.content, templateId: null, folderId });
      setBusy(false);
      if (result.error) {
        notify({ title: DOCUMENT_ERRORS.save('document'), description: result.error.message, variant: 'destructive' });
        return null;
      }
      setSaved({ generationId: input.id, doc: result.data });
      deps.documents.added(result.data);
      notify({ title: 'Document Saved', description: `"${result.data.name}" is in ${folderLabel}.` });
      return result.data;
    },
    /** Saves the edited text of the saved document. */
    async saveChanges(content: string): Promise<boolean> {
      if (!saved || !(await canSave(content))) return false;
      setBusy(true);
      const result = await updateDocumentContent(supabase, saved.doc.id, content);
      setBusy(false);
      if (result.error) {
        notify({ title: DOCUMENT_ERRORS.save('document'), description: result.error.message, variant: 'destructive' });
        return false;
      }
      setSaved({ ...saved, doc: result.data });
      deps.documents.changed(result.data);
      notify({ title: 'Changes Saved', description: `"${result.data.name}" is up to date.` });
      return true;
    },
  };
}

export type SavedDocuments = ReturnType<typeof useSavedDocument>;
