import { knowledgeFileContentType, knowledgeFilePath, KNOWLEDGE_FILES_BUCKET } from '../core/knowledge/files.ts';
import { fail, ok, type DataErrorKind, type DataResult } from './result.ts';
import type { AppClient } from './supabase.ts';
import { randomId } from '../core/ids.ts';

/**
 * The originals of uploaded knowledge-base files, in Storage (bucket knowledge-files, private,
 * one folder per owner). The document row keeps the extracted text; the file is for downloading.
 */

/**
 * Storage answers with HTTP statuses, not SQLSTATEs. Its body's statusCode is the precise one (a
 * policy refusal arrives as HTTP 400 with statusCode 403): the kind each one means here.
 */
function storageFailure(error: { message: string; status?: number; statusCode?: string }) {
  const code = Number(error.statusCode) || error.status || 0;
  const kind: DataErrorKind =
    code === 0
      ? 'network'
      : code === 401 || code === 403
        ? 'refused'
        : code === 404
          ? 'not_found'
          : code === 413 || code === 415
            ? 'invalid'
            : 'server';
  return fail({ message: error.message, code: code ? String(code) : '' }, kind);
}

const statusOf = (error: unknown): { message: string; status?: number; statusCode?: string } =>
  error instanceof Error ? (error as Error & { status?: number; statusCode?: string }) : { message: String(error) };

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
  return error ? storageFailure(statusOf(error)) : ok({ path, size: file.size });
}

export async function downloadKnowledgeFile(client: AppClient, path: string): Promise<DataResult<Blob>> {
  const { data, error } = await client.storage.from(KNOWLEDGE_FILES_BUCKET).download(path);
  return error ? storageFailure(statusOf(error)) : ok(data);
}

/** Removes originals whose documents are gone (a file that is already missing is not an error). */
export async function removeKnowledgeFiles(client: AppClient, paths: readonly string[]): Promise<DataResult<void>> {
  if (paths.length === 0) return ok();
  const { error } = await client.storage.from(KNOWLEDGE_FILES_BUCKET).remove([...paths]);
  return error ? storageFailure(statusOf(error)) : ok();
}
