import { knowledgeFileContentType, knowledgeFilePath, KNOWLEDGE_FILES_BUCKET } from '../core/knowledge/files.ts';
import { ok, type DataResult } from './result.ts';
import { storageFailure } from './storageFailure.ts';
import type { AppClient } from './supabase.ts';
import { randomId } from '../core/ids.ts';

/**
 * The originals of uploaded knowledge-base files, in Storage (bucket knowledge-files, private,
 * one folder per owner). The document row keeps the extracted text; the file is for downloading.
 */

export interface StoredKnowledgeFile {
  path: string;
  size: number;
}

/** Keeps a file's original; answers where it is. */
export async function uploadKnowledgeFile(
  client: AppClient,
  userId: string,
  file: Blob,
  fileName: string,
): Promise<DataResult<StoredKnowledgeFile>> {
  const path = knowledgeFilePath(userId, randomId(), fileName);
  const { error } = await client.storage
    .from(KNOWLEDGE_FILES_BUCKET)
    .upload(path, file, { contentType: knowledgeFileContentType(fileName), upsert: false });
  return error ? storageFailure(error) : ok({ path, size: file.size });
}

export async function downloadKnowledgeFile(client: AppClient, path: string): Promise<DataResult<Blob>> {
  const { data, error } = await client.storage.from(KNOWLEDGE_FILES_BUCKET).download(path);
  return error ? storageFailure(error) : ok(data);
}

/** Removes originals whose documents are gone (a file that is already missing is not an error). */
export async function removeKnowledgeFiles(client: AppClient, paths: readonly string[]): Promise<DataResult<void>> {
  if (paths.length === 0) return ok();
  const { error } = await client.storage.from(KNOWLEDGE_FILES_BUCKET).remove([...paths]);
  return error ? storageFailure(error) : ok();
}
