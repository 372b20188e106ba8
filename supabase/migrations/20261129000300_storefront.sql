-- Storefront deliverables: the files buyers download live in a private bucket, one folder per
-- product (the folder is the product's id; it holds exactly one file). Nobody reaches it through
-- the API: there is no policy on storage.objects for this bucket, so only the service role (the
-- admin and download functions) reads and writes it, and buyers get short-lived signed URLs.
insert into storage.buckets (id, name, public, file_size_limit)
values ('deliverables', 'deliverables', false, 52428800);

-- When the buyer's receipt was mailed: the webhook claims it once (a repeated delivery of the same
-- payment sends nothing).
alter table public.purchases add column receipt_sent_at timestamptz;
