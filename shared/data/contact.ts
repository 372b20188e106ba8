import type { SupabaseClient } from '@supabase/supabase-js';
import { normalizeContact, type ContactInput } from '../core/contact.ts';

/** A stored contact message as admins read it (table contact_messages). */
export interface ContactMessage {
  id: string;
  user_id: string | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
}

/**
 * Stores a contact-form message. Sent with `Prefer: return=minimal`: the sender (anon or a user)
 * may insert but never read the row back. `userId` is the signed-in sender, or null.
 * Returns the server's error message, or null on success.
 */
export async function sendContactMessage(
  client: SupabaseClient,
  input: ContactInput,
  userId: string | null,
): Promise<{ message: string } | null> {
  const values = normalizeContact(input);
  const { error } = await client.from('contact_messages').insert({ ...values, user_id: userId });
  return error ? { message: error.message } : null;
}

/** Newest first; only admins see any rows (RLS). */
export async function listContactMessages(
  client: SupabaseClient,
  limit = 50,
): Promise<{ data: ContactMessage[]; error: { message: string } | null }> {
  const { data, error } = await client
    .from('contact_messages')
    .select('id, user_id, name, email, subject, message, created_at')
    .order('created_at', { ascending: false })
    .limit(limit);
  return { data: (data ?? []) as ContactMessage[], error: error ? { message: error.message } : null };
}

/** Deletes one message (admins only, by RLS). Returns the server's error message, or null. */
export async function deleteContactMessage(client: SupabaseClient, id: string): Promise<{ message: string } | null> {
  const { data, error } = await client.from('contact_messages').delete().eq('id', id).select('id');
  if (error) return { message: error.message };
  return data && data.length > 0 ? null : { message: 'The message was not found (it may have been deleted already).' };
}
