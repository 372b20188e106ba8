import { serviceDb } from '../_shared/db.ts';
import { env } from '../_shared/http.ts';

/**
 * The account's files in Storage, removed before the account goes (the rows pointing at them go
 * with the account, the files would not): everything under the account's folder in
 * `knowledge-files`, `generated-images` and `conversation-images`, and the deliverables of the products they sell (one folder per product in
 * `deliverables`).
 */

function storage(path: string, init: RequestInit = {}): Promise<Response> {
  const key = env('SUPABASE_SERVICE_ROLE_KEY');
  return fetch(`${env('SUPABASE_URL')}/storage/v1/${path}`, {
    ...init,
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers },
  });
}

/** Every object under the folder, deeper folders included (a listing shows one level; folders have no id). */
async function objectsUnder(bucket: string, folder: string, depth = 0): Promise<string[]> {
  const found: string[] = [];
  for (let offset = 0; ; offset += 1000) {
    const res = await storage(`object/list/${bucket}`, {
      method: 'POST',
      body: JSON.stringify({ prefix: folder, limit: 1000, offset, sortBy: { column: 'name', order: 'asc' } }),
    });
    if (!res.ok) throw new Error(`listing ${bucket}/${folder} answered ${res.status}`);
    const entries = (await res.json()) as { name: string; id: string | null }[];
    for (const entry of entries) {
      const path = `${folder}/${entry.name}`;
      if (entry.id !== null) found.push(path);
      else if (depth < 5) found.push(...(await objectsUnder(bucket, path, depth + 1)));
    }
    if (entries.length < 1000) return found;
  }
}

async function removeObjects(bucket: string, paths: string[]): Promise<void> {
  for (let start = 0; start < paths.length; start += 500) {
    const res = await storage(`object/${bucket}`, {
      method: 'DELETE',
      body: JSON.stringify({ prefixes: paths.slice(start, start + 500) }),
    });
    if (!res.ok) throw new Error(`removing from ${bucket} answered ${res.status}`);
  }
}

/** Removes the account's knowledge files, pictures, conversation images and product deliverables; throws when Storage refuses. */
export async function removeAccountFiles(userId: string): Promise<void> {
  for (const bucket of ['knowledge-files', 'generated-images', 'conversation-images']) {
    await removeObjects(bucket, await objectsUnder(bucket, userId));
  }
  const products = await serviceDb().from('generated_documents').select('id').eq('user_id', userId).eq('is_digital_product', true);
  if (products.error) throw new Error(`reading the products answered ${products.status}: ${products.error.message}`);
  for (const { id } of products.data) await removeObjects('deliverables', await objectsUnder('deliverables', id));
}
