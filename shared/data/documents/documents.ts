import type { Tables, TablesUpdate } from '../database.types.ts';
import type { AppClient } from '../supabase.ts';
import {
  cleanDocumentName,
  DEFAULT_DOCUMENT_SORT,
  documentNameProblem,
  documentSaveProblem,
  documentSortOrder,
  DOCUMENT_TEXTS,
  maxDownloadsProblem,
  type DocumentSort,
  type GeneratedDocument,
} from '../../core/documents/documents.ts';
import { MAX_ROWS } from '../paging.ts';
import { fail, invalid, notFound, ok, type DataResult } from '../result.ts';

/**
 * Generated documents (table generated_documents; migration 20261123001200): list in the page's
 * sorts, open, save, rename, move, delete, set a download limit, and download through the counting
 * database function. Suggestions of the document generator (prompt_suggestions) are stored here
 * too. Folders: documentsFolders.ts. Every function answers a DataResult (result.ts); error.code
 * 'invalid' carries the validation text to show.
 */

/** A document as lists show it: everything but its content. */
export type DocumentSummary = Omit<GeneratedDocument, 'content'>;

const SUMMARY_COLUMNS =
  'id, user_id, name, format, template_id, folder_id, file_url, download_count, max_downloads, price, stripe_price_id, is_digital_product, created_at, updated_at';
// as const: the select-string parser types rows from the literal.
const DOCUMENT_COLUMNS = `${SUMMARY_COLUMNS}, content` as const;

type SummaryRow = Omit<Tables<'generated_documents'>, 'content' | 'product_summary' | 'product_type' | 'sort_name'>;
type DocumentRow = SummaryRow & Pick<Tables<'generated_documents'>, 'content'>;

const toSummary = (r: SummaryRow): DocumentSummary => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  format: r.format,
  templateId: r.template_id,
  folderId: r.folder_id,
  fileUrl: r.file_url,
  downloadCount: r.download_count,
  maxDownloads: r.max_downloads,
  price: r.price === null ? null : Number(r.price),
  stripePriceId: r.stripe_price_id,
  isDigitalProduct: r.is_digital_product,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
const toDocument = (r: DocumentRow): GeneratedDocument => ({ ...toSummary(r), content: r.content });

export interface DocumentListOptions {
  /** A folder's documents (null: those at the root); undefined: every document. */
  folderId?: string | null;
  sort?: DocumentSort;
  /** At most 1,000 (PostgREST's db-max-rows). */
  limit?: number;
  offset?: number;
}

/**
 * The caller's own documents in the chosen order. The folder sorts order by the
 * folder's name (documents at the root last), newest first within a folder.
 */
export async function listDocuments(
  client: AppClient,
  userId: string,
  options: DocumentListOptions = {},
): Promise<DataResult<DocumentSummary[]>> {
  const order = documentSortOrder(options.sort ?? DEFAULT_DOCUMENT_SORT);
  const limit = Math.min(options.limit ?? MAX_ROWS, MAX_ROWS);
  const offset = options.offset ?? 0;
  let query = client.from('generated_documents').select(`${SUMMARY_COLUMNS}, document_folders(sort_name)`).eq('user_id', userId);
  if (options.folderId === null) query = query.is('folder_id', null);
  else if (options.folderId !== undefined) query = query.eq('folder_id', options.folderId);
  if (order.kind === 'folder') {
    query = query
      .order('document_folders(sort_name)', { ascending: order.ascending, nullsFirst: false })
      .order('created_at', { ascending: false });
  } else {
    query = query.order(order.column, { ascending: order.ascending });
  }
  const { data, error } = await query
    .order('id', { ascending: order.kind === 'folder' || order.ascending })
    .range(offset, offset + limit - 1);
  return error ? fail(error) : ok(data.map(toSummary));
}

/** Documents by id that the caller may read (own or shared), e.g. the files of a workspace. */
export async function listDocumentsByIds(client: AppClient, ids: readonly string[]): Promise<DataResult<DocumentSummary[]>> {
  const rows: SummaryRow[] = [];
  // Ids travel in the URL: a few hundred per request keeps it well under any URL limit.
  for (let i = 0; i < ids.length; i += 200) {
    const { data, error } = await client
      .from('generated_documents')
      .select(SUMMARY_COLUMNS)
      .in('id', ids.slice(i, i + 200));
    if (error) return fail(error);
    rows.push(...data);
  }
  return ok(rows.map(toSummary));
}

/** One document with its content, or null when it does not exist or the caller may not read it. */
export async function getDocument(client: AppClient, id: string): Promise<DataResult<GeneratedDocument | null>> {
  const { data, error } = await client.from('generated_documents').select(DOCUMENT_COLUMNS).eq('id', id).maybeSingle();
  if (error) return fail(error);
  return ok(data ? toDocument(data) : null);
}

export interface NewDocument {
  name: string;
  content: string;
  templateId?: string | null;
  folderId?: string | null;
  format?: string;
}

/** Saves a generated document ('Nothing to Save' when empty; a blank name becomes 'Untitled document'). */
export async function saveDocument(client: AppClient, doc: NewDocument): Promise<DataResult<GeneratedDocument>> {
  const problem = documentSaveProblem({ signedIn: true, content: doc.content });
  if (problem) return invalid(problem);
  const { data, error } = await client
    .from('generated_documents')
    .insert({
      name: cleanDocumentName(doc.name),
      content: doc.content,
      template_id: doc.templateId ?? null,
      folder_id: doc.folderId ?? null,
      format: doc.format ?? 'docx',
    })
    .select(DOCUMENT_COLUMNS)
    .single();
  return error ? fail(error) : ok(toDocument(data));
}

async function updateDocument(
  client: AppClient,
  id: string,
  change: TablesUpdate<'generated_documents'>,
): Promise<DataResult<DocumentSummary>> {
  const { data, error } = await client.from('generated_documents').update(change).eq('id', id).select(SUMMARY_COLUMNS).maybeSingle();
  if (error) return fail(error);
  return data ? ok(toSummary(data)) : notFound('Document not found');
}

export async function renameDocument(client: AppClient, id: string, name: string): Promise<DataResult<DocumentSummary>> {
  const problem = documentNameProblem(name);
  return problem ? invalid(problem) : updateDocument(client, id, { name: name.trim() });
}

/** Moves documents into a folder (null: the root) in one statement. data: how many moved. */
export async function moveDocuments(client: AppClient, ids: readonly string[], folderId: string | null): Promise<DataResult<number>> {
  if (!ids.length) return ok(0);
  const { data, error } = await client.from('generated_documents').update({ folder_id: folderId }).in('id', ids).select('id');
  return error ? fail(error) : ok((data ?? []).length);
}

/** Replaces a document's content (e.g. after editing it). */
export async function updateDocumentContent(client: AppClient, id: string, content: string): Promise<DataResult<DocumentSummary>> {
  const problem = documentSaveProblem({ signedIn: true, content });
  return problem ? invalid(problem) : updateDocument(client, id, { content });
}

/** The owner's download limit: null for unlimited (∞) or 1-100. */
export async function setDownloadLimit(client: AppClient, id: string, maxDownloads: number | null): Promise<DataResult<DocumentSummary>> {
  const problem = maxDownloadsProblem(maxDownloads);
  return problem ? invalid(problem) : updateDocument(client, id, { max_downloads: maxDownloads });
}

/** data: whether a document was deleted (false: already gone or not the caller's). */
export async function deleteDocument(client: AppClient, id: string): Promise<DataResult<boolean>> {
  const { data, error } = await client.from('generated_documents').delete().eq('id', id).select('id');
  return error ? fail(error) : ok((data ?? []).length > 0);
}

/** error.code of a download refused at the limit (message: DOCUMENT_TEXTS.downloadLimitReached). */
export const DOWNLOAD_LIMIT_CODE = 'download_limit';

export interface DownloadedDocument {
  id: string;
  name: string;
  content: string;
  format: string;
  templateId: string | null;
  downloadCount: number;
  maxDownloads: number | null;
}

/**
 * Counts one download and returns the document to turn into the file. Refused at the limit with
 * 'Download Limit Reached - You cannot download this file anymore.' (code DOWNLOAD_LIMIT_CODE), and
 * with code 'not_found' when the caller may not read the document.
 */
export async function downloadDocument(client: AppClient, id: string): Promise<DataResult<DownloadedDocument>> {
  const { data, error } = await client.rpc('download_generated_document', { document: id });
  if (error) {
    if (error.code === 'PT429') return fail({ message: DOCUMENT_TEXTS.downloadLimitReached, code: DOWNLOAD_LIMIT_CODE }, 'limit');
    if (error.code === 'PT404') return notFound('Document not found');
    return fail(error);
  }
  // The function answers json (typed Json): the document's row, narrowed here to what it returns.
  const r = data as Pick<DocumentRow, 'id' | 'name' | 'content' | 'format' | 'template_id' | 'download_count' | 'max_downloads'>;
  return ok({
    id: r.id,
    name: r.name,
    content: r.content,
    format: r.format,
    templateId: r.template_id,
    downloadCount: r.download_count,
    maxDownloads: r.max_downloads,
  });
}

// ---------------------------------------------------------------------------------------------
// Suggested prompts (prompt_suggestions): stored once made, and the stored row is returned

export interface StoredSuggestion {
  id: string;
  originalPromptText: string;
  suggestedPromptText: string;
  reasoningText: string;
  templateId: string | null;
  createdAt: string;
}

export async function saveSuggestion(
  client: AppClient,
  suggestion: { originalPromptText: string; suggestedPromptText: string; reasoningText: string; templateId?: string | null },
): Promise<DataResult<StoredSuggestion>> {
  if (!suggestion.originalPromptText.trim()) return invalid(DOCUMENT_TEXTS.promptEmpty);
  const { data, error } = await client
    .from('prompt_suggestions')
    .insert({
      original_prompt_text: suggestion.originalPromptText,
      suggested_prompt_text: suggestion.suggestedPromptText,
      reasoning_text: suggestion.reasoningText,
      template_id: suggestion.templateId ?? null,
    })
    .select('id, original_prompt_text, suggested_prompt_text, reasoning_text, template_id, created_at')
    .single();
  if (error) return fail(error);
  const r = data;
  return ok({
    id: r.id,
    originalPromptText: r.original_prompt_text,
    suggestedPromptText: r.suggested_prompt_text,
    reasoningText: r.reasoning_text,
    templateId: r.template_id,
    createdAt: r.created_at,
  });
}
