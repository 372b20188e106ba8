import type { Tables } from './database.types.ts';
import type { AppClient } from './supabase.ts';
import { normalizeContact, type ContactInput } from '../core/contact.ts';
import { fail, notFound, ok, type DataResult } from './result.ts';

/** A stored contact message as admins read it (table contact_messages). */
export type ContactMessage = Tables<'contact_messages'>;

/**
 * Stores a contact-form message. Sent with `Prefer: return=minimal`: the sender (anon or a user)
 * may insert but never read the row back. `userId` is the signed-in sender, or null.
 */
export async function sendContactMessage(client: AppClient, input: ContactInput, userId: string | null): Promise<DataResult<void>> {
  const values = normalizeContact(input);
  const { error } = await client.from('contact_messages').insert({ ...values, user_id: userId });
  return error ? fail(error) : ok();
}

/** Newest first; only admins see any rows (RLS). */
export async function listContactMessages(client: AppClient, limit = 50): Promise<DataResult<ContactMessage[]>> {
  const { data, error } = await client
    .from('contact_messages')
    .select('id, user_id, name, email, subject, message, created_at')
    .order('created_at', { ascending: false })
    .limit(limit);
  return error ? fail(error) : ok(data ?? []);
}

/** Deletes one message (admins only, by RLS); not_found when nothing was deleted. */
export async function deleteContactMessage(client: AppClient, id: string): Promise<DataResult<void>> {
  const { data, error } = await client.from('contact_messages').delete().eq('id', id).select('id');
  if (error) return fail(error);
  return data && data.length > 0 ? ok() : notFound('The message was not found (it may have been deleted already).');
}
