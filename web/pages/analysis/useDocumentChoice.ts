import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Json } from '@/shared/data/database.types.ts';
import { extractText } from '@/shared/files/extractText.ts';
import { knowledgeQueries } from '@/shared/ui/queries/knowledge.ts';
import { documentQueries } from '@/web/queries/documents.ts';
import { useDocumentText } from '../documents/useDocumentText.ts';
import { webData } from '../run/runSide.ts';

export type DocumentSource = 'file' | 'knowledge' | 'documents';

/** The document to analyse: its name and text, and where it came from (kept with the conversation). */
export interface ChosenDocument {
  name: string;
  text: string;
  context: Record<string, Json>;
}

/**
 * Which document Document Analysis works on: an uploaded file's text (read in the browser, never
 * stored), a knowledge-base document, or a generated document (its text read when chosen).
 */
export function useDocumentChoice(userId: string | null) {
  const [source, setSource] = useState<DocumentSource>('file');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [reading, setReading] = useState(false);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [kbId, setKbId] = useState('');
  const [documentId, setDocumentId] = useState('');

  const knowledge = useQuery({ ...knowledgeQueries.list(webData), enabled: source === 'knowledge' });
  const documents = useQuery({ ...documentQueries.picker(userId ?? ''), enabled: source === 'documents' && userId !== null });
  const documentText = useDocumentText(documentId, source === 'documents' && Boolean(documentId));

  const chooseFile = async (picked: File | undefined) => {
    if (!picked) return;
    setReading(true);
    setFileProblem(null);
    const result = await extractText(picked);
    setReading(false);
    if (!result.ok) return setFileProblem(result.error);
    setFile({ name: picked.name, text: result.value.text });
  };

  const kbDocument = knowledge.data?.documents.find((d) => d.id === kbId) ?? null;
  const generated = documents.data?.find((d) => d.id === documentId) ?? null;
  let chosen: ChosenDocument | null = null;
  if (source === 'file' && file) chosen = { name: file.name, text: file.text, context: { fileName: file.name } };
  if (source === 'knowledge' && kbDocument)
    chosen = { name: kbDocument.name, text: kbDocument.content, context: { kbDocumentId: kbDocument.id } };
  if (source === 'documents' && generated && documentText.data !== undefined)
    chosen = { name: generated.name, text: documentText.data, context: { documentId: generated.id } };

  /** The chosen generated document's text is still being read. */
  const loadingText = source === 'documents' && Boolean(generated) && documentText.isPending;

  return {
    source,
    loadingText,
    setSource,
    file,
    chooseFile,
    reading,
    fileProblem,
    knowledge,
    kbId,
    setKbId,
    documents,
    documentId,
    setDocumentId,
    documentText,
    chosen,
  };
}

export type DocumentChoice = ReturnType<typeof useDocumentChoice>;
