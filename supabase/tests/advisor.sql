-- The database advisor: every lint of Supabase's splinter (0001-0029), written for this project
-- from splinter's rules (same conditions, same scope, same level). One row per finding: lint,
-- level, object. 0012 (auth_allow_anonymous_sign_ins) is a setting, not SQL: the test reads it in
-- supabase/config.toml. tests/integration/advisor.test.ts runs this on the migrated schema (no
-- ERROR or WARN; INFO only unused_index and table_bloat) and plants a violation of each lint
-- (but pg_graphql's two, which need that extension).
-- Scope, as in splinter: "API" lints look only at the schemas PostgREST exposes, read from
-- pgrst.db_schemas (comma-separated; `public` when unset); the others look at every schema except
-- the system and Supabase-managed ones below. Run it by hand with psql against any database:
--   psql -A -c "set pgrst.db_schemas = 'public'" -f supabase/tests/advisor.sql
with
scope as (
  select
    array(
      select trim(s)
      from unnest(string_to_array(coalesce(nullif(current_setting('pgrst.db_schemas', true), ''), 'public'), ',')) s
    )::name[] as api,
    array[
      '_timescaledb_cache', '_timescaledb_catalog', '_timescaledb_config', '_timescaledb_internal', 'auth', 'cron',
      'extensions', 'graphql', 'graphql_public', 'information_schema', 'net', 'pgmq', 'pgroonga', 'pgsodium',
      'pgsodium_masks', 'pgtle', 'pgbouncer', 'pg_catalog', 'realtime', 'repack', 'storage', 'supabase_functions',
      'supabase_migrations', 'tiger', 'topology', 'vault'
    ]::name[] as system
),
-- Tables, views, materialized views and foreign tables of every schema, with the facts the lints test.
rels as (
  select c.oid, c.relname as name, c.relkind, c.relrowsecurity, n.nspname as schema_name,
    n.nspname || '.' || c.relname as object,
    n.nspname = any (s.api) as api_listed,
    n.nspname <> all (s.system) as user_schema,
    exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e') as from_extension,
    has_table_privilege('anon', c.oid, 'select') or has_table_privilege('authenticated', c.oid, 'select') as api_readable,
    lower(coalesce(c.reloptions::text, '{}'))::text[]
      && array['security_invoker=1', 'security_invoker=true', 'security_invoker=yes', 'security_invoker=on'] as invoker
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  cross join scope s
  where c.relkind in ('r', 'p', 'v', 'm', 'f')
),
pols as (
  select r.oid as relid, r.object as table_object, r.schema_name, r.name as table_name, r.relkind, r.relrowsecurity,
    r.user_schema, r.from_extension, p.polname, p.polpermissive, p.polroles,
    array(select case when o = 0 then 'public' else o::regrole::text end from unnest(p.polroles) o) as roles,
    case p.polcmd when 'r' then 'SELECT' when 'a' then 'INSERT' when 'w' then 'UPDATE' when 'd' then 'DELETE' else 'ALL' end as cmd,
    pg_get_expr(p.polqual, p.polrelid) as qual,
    pg_get_expr(p.polwithcheck, p.polrelid) as with_check
  from pg_policy p
  join rels r on r.oid = p.polrelid
),
-- Functions outside the system schemas (every function lint excludes those).
funcs as (
  select p.oid, p.prosecdef, p.proconfig,
    n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as object,
    n.nspname = any (s.api) as api_listed,
    exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e') as from_extension
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  cross join scope s
  where n.nspname <> all (s.system)
),
-- Public buckets, read at run time so the advisor also runs where storage.buckets does not exist.
public_buckets as (
  select (xpath('/row/id/text()', x))[1]::text as id
  from unnest(xpath('/table/row', query_to_xml(
    case when to_regclass('storage.buckets') is null then 'select null::text as id where false'
      else 'select id from storage.buckets where public' end,
    false, false, ''))) x
),
-- Per analysed table: the data width and null bitmap pg_stats implies (input of 0020's estimate).
table_stats as (
  select schemaname, tablename, sum((1 - null_frac) * avg_width) as data_width, max(null_frac) as max_null_frac,
    24 + count(*) filter (where null_frac <> 0) / 8 as null_header
  from pg_stats
  group by schemaname, tablename
)

-- 0001 unindexed_foreign_keys: a foreign key with no valid index whose leading columns are the
-- key's columns, in order (slow deletes of the referenced row, slow joins). Every user schema.
select 'unindexed_foreign_keys' as lint, 'INFO' as level, r.object || '.' || con.conname as object
from pg_constraint con
join rels r on r.oid = con.conrelid
where con.contype = 'f' and r.user_schema and not r.from_extension
  and not exists (
    select 1 from pg_index i
    where i.indrelid = con.conrelid and i.indisvalid
      and (string_to_array(i.indkey::text, ' ')::smallint[])[1:cardinality(con.conkey)] = con.conkey
  )

-- 0002 auth_users_exposed: a view or materialized view over auth.users that anon or authenticated
-- can read: a materialized view (no RLS), a security-definer view, or an invoker view while
-- auth.users has no RLS. API schemas.
union all
select distinct 'auth_users_exposed', 'ERROR', r.object
from pg_depend d
join pg_rewrite rw on rw.oid = d.objid
join rels r on r.oid = rw.ev_class
join pg_class u on u.oid = d.refobjid
where d.classid = 'pg_rewrite'::regclass and d.deptype = 'n' and d.refobjid = to_regclass('auth.users')
  and r.api_listed and r.api_readable
  and (r.relkind = 'm' or (r.relkind = 'v' and (not r.invoker or not u.relrowsecurity)))

-- 0003 auth_rls_initplan: a policy calling auth.uid/jwt/role/email() or current_setting() bare
-- (once per row) instead of as `(select …)` (once per statement). Tables with RLS on, every user
-- schema and realtime.
union all
select distinct 'auth_rls_initplan', 'WARN', p.table_object || ': ' || p.polname
from pols p
cross join unnest(array['auth.uid()', 'auth.jwt()', 'auth.role()', 'auth.email()', 'current_setting(']) f(call)
cross join unnest(array[p.qual, p.with_check]) e(expr)
where p.relrowsecurity and (p.user_schema or p.schema_name = 'realtime')
  and strpos(e.expr, f.call) > 0 and strpos(lower(e.expr), 'select ' || f.call) = 0

-- 0004 no_primary_key: a table without a primary key. Every user schema.
union all
select 'no_primary_key', 'INFO', r.object
from rels r
where r.relkind = 'r' and r.user_schema and not r.from_extension
  and not exists (select 1 from pg_index i where i.indrelid = r.oid and i.indisprimary)

-- 0005 unused_index: a non-unique index never scanned since the statistics were reset. Every user schema.
union all
select 'unused_index', 'INFO', r.object || ': ' || s.indexrelname
from pg_stat_user_indexes s
join pg_index i on i.indexrelid = s.indexrelid
join rels r on r.oid = s.relid
where s.idx_scan = 0 and not i.indisunique and not i.indisprimary and r.user_schema and not r.from_extension

-- 0006 multiple_permissive_policies: two or more permissive policies for one role and action
-- (each runs for every row). Roles a policy names, every role for PUBLIC; not pg_* roles,
-- supabase*admin or roles that bypass RLS. Every user schema.
union all
select 'multiple_permissive_policies', 'WARN', p.table_object || ': ' || ro.rolname || ' ' || a.cmd
from pols p
join pg_roles ro on ro.oid = any (p.polroles) or p.polroles = '{0}'
cross join unnest(case p.cmd when 'ALL' then array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] else array[p.cmd] end) a(cmd)
where p.relkind = 'r' and p.polpermissive and p.user_schema and not p.from_extension
  and ro.rolname not like 'pg_%' and ro.rolname not like 'supabase%admin' and not ro.rolbypassrls
group by p.table_object, ro.rolname, a.cmd
having count(*) > 1

-- 0007 policy_exists_rls_disabled: policies on a table whose RLS is off (they do nothing). Every user schema.
union all
select 'policy_exists_rls_disabled', 'ERROR', r.object
from rels r
where r.relkind = 'r' and not r.relrowsecurity and r.user_schema and not r.from_extension
  and exists (select 1 from pg_policy p where p.polrelid = r.oid)

-- 0008 rls_enabled_no_policy: RLS on and no policy (nobody but the owner reads it). Every user schema.
union all
select 'rls_enabled_no_policy', 'INFO', r.object
from rels r
where r.relkind = 'r' and r.relrowsecurity and r.user_schema and not r.from_extension
  and not exists (select 1 from pg_policy p where p.polrelid = r.oid)

-- 0009 duplicate_index: indexes whose definitions differ only by name, on a table or materialized
-- view. Every user schema.
union all
select 'duplicate_index', 'WARN', r.object || ': ' || string_agg(ic.relname, ', ' order by ic.relname)
from pg_index i
join rels r on r.oid = i.indrelid
join pg_class ic on ic.oid = i.indexrelid
where r.relkind in ('r', 'm') and r.user_schema and not r.from_extension
group by r.object, replace(pg_get_indexdef(i.indexrelid), ic.relname, '')
having count(*) > 1

-- 0010 security_definer_view: a view anon or authenticated can read that runs with its owner's
-- rights and RLS (no security_invoker; PostgreSQL 15+). API schemas.
union all
select 'security_definer_view', 'ERROR', r.object
from rels r
where r.relkind = 'v' and r.api_listed and r.user_schema and r.api_readable and not r.from_extension and not r.invoker
  and current_setting('server_version_num')::int >= 150000

-- 0011 function_search_path_mutable: a function without its own search_path (the caller's decides
-- what its unqualified names mean). Every user schema.
union all
select 'function_search_path_mutable', 'WARN', f.object
from funcs f
where not f.from_extension
  and not exists (select 1 from unnest(f.proconfig) c where c like 'search_path=%')

-- 0012 auth_allow_anonymous_sign_ins: an Auth setting (supabase/config.toml), checked by the test.

-- 0013 rls_disabled_in_public: a table anon or authenticated can read with RLS off. API schemas.
union all
select 'rls_disabled_in_public', 'ERROR', r.object
from rels r
where r.relkind = 'r' and not r.relrowsecurity and r.api_listed and r.user_schema and r.api_readable

-- 0014 extension_in_public: an extension (other than plpgsql) installed in schema public.
union all
select 'extension_in_public', 'WARN', e.extname
from pg_extension e
where e.extname <> 'plpgsql' and e.extnamespace::regnamespace::text = 'public'

-- 0015 rls_references_user_metadata: a policy reading the JWT's user_metadata, which the user
-- edits. Every user schema.
union all
select 'rls_references_user_metadata', 'ERROR', p.table_object || ': ' || p.polname
from pols p
where p.user_schema
  and exists (
    select 1 from unnest(array[p.qual, p.with_check]) e(expr)
    where e.expr like any (array['%auth.jwt()%user_metadata%', '%current_setting(%request.jwt.claims%)%user_metadata%'])
  )

-- 0016 materialized_view_in_api / 0017 foreign_table_in_api: relations without RLS that anon or
-- authenticated can read. API schemas.
union all
select case r.relkind when 'm' then 'materialized_view_in_api' else 'foreign_table_in_api' end, 'WARN', r.object
from rels r
where r.relkind in ('m', 'f') and r.api_listed and r.user_schema and r.api_readable and not r.from_extension

-- 0018 unsupported_reg_types: a column of a reg* type pg_upgrade cannot carry over. Every schema
-- but pg_catalog, information_schema and pgsodium.
union all
select 'unsupported_reg_types', 'WARN', n.nspname || '.' || c.relname || '.' || a.attname
from pg_attribute a
join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace
where a.atttypid = any (array[
    'regcollation', 'regconfig', 'regdictionary', 'regnamespace', 'regoper', 'regoperator', 'regproc', 'regprocedure'
  ]::regtype[])
  and n.nspname not in ('pg_catalog', 'information_schema', 'pgsodium')

-- 0019 insecure_queue_exposed_in_api: a pgmq queue table (q_…) anon or authenticated can read with
-- RLS off, while the API exposes pgmq_public. Regular or partitioned tables (splinter writes relkind
-- 'I', a partitioned index, where its comment says partitioned tables: 'p' here).
union all
select 'insecure_queue_exposed_in_api', 'ERROR', r.object
from rels r
cross join scope s
where r.schema_name = 'pgmq' and r.name like 'q_%' and r.relkind in ('r', 'p') and not r.relrowsecurity
  and r.api_readable and 'pgmq_public' = any (s.api)

-- 0020 table_bloat: a heap table over 70 times the pages its live rows need, wasting over 20 MB
-- (estimated from pg_stats and the last analyze's row count). Every schema but information_schema.
union all
select 'table_bloat', 'INFO', r.object
from table_stats t
join rels r on r.schema_name = t.schemaname and r.name = t.tablename and r.relkind = 'r'
join pg_class c on c.oid = r.oid and c.relam = (select oid from pg_am where amname = 'heap')
cross join lateral (
  select current_setting('block_size')::numeric as block,
    -- rows × (header and data aligned to 4 bytes + null bitmap + item pointer), per usable page
    ceil(c.reltuples * (ceil((t.data_width + 24) / 4) * 4 + t.max_null_frac * ceil(t.null_header / 4.0) * 4 + 4)
      / (current_setting('block_size')::numeric - 20))::numeric as needed
) est
where r.schema_name <> 'information_schema' and est.needed <> 0
  and round(c.relpages / est.needed, 1) > 70 and est.block * (c.relpages - est.needed) > 20 * 1024 * 1024

-- 0021 fkey_to_auth_unique: a foreign key to a unique, non-primary key of an auth table (Auth may
-- change those). Every schema.
union all
select 'fkey_to_auth_unique', 'ERROR', r.object || '.' || con.conname
from pg_constraint con
join rels r on r.oid = con.conrelid
join pg_class ref on ref.oid = con.confrelid
join pg_index i on i.indexrelid = con.conindid
where con.contype = 'f' and ref.relnamespace::regnamespace::text = 'auth' and i.indisunique and not i.indisprimary

-- 0022 extension_versions_outdated: an installed extension older than its default version.
union all
select 'extension_versions_outdated', 'WARN', e.name
from pg_available_extensions e
where e.installed_version <> e.default_version
  and exists (select 1 from pg_available_extension_versions v where v.name = e.name and v.installed)

-- 0023 sensitive_columns_exposed: a table anon or authenticated can read with RLS off that has a
-- column named like a secret or personal data. API schemas.
union all
select 'sensitive_columns_exposed', 'ERROR', r.object || ': ' || string_agg(a.attname, ', ' order by a.attname)
from rels r
join pg_attribute a on a.attrelid = r.oid and a.attnum > 0 and not a.attisdropped
where r.relkind = 'r' and not r.relrowsecurity and r.api_listed and r.user_schema and r.api_readable
  and replace(lower(a.attname), '-', '_') = any (array[
    'password', 'passwd', 'pwd', 'passphrase', 'secret', 'secret_key', 'private_key', 'api_key', 'apikey',
    'auth_key', 'token', 'jwt', 'access_token', 'refresh_token', 'oauth_token', 'session_token', 'bearer_token',
    'auth_code', 'session_id', 'session_key', 'session_secret', 'recovery_code', 'backup_code', 'verification_code',
    'otp', 'two_factor', '2fa_secret', '2fa_code',
    'ssn', 'social_security', 'social_security_number', 'driver_license', 'drivers_license', 'license_number',
    'passport_number', 'passport_id', 'national_id', 'tax_id',
    'credit_card', 'card_number', 'cvv', 'cvc', 'cvn', 'bank_account', 'account_number', 'routing_number',
    'iban', 'swift_code', 'bic',
    'health_record', 'medical_record', 'patient_id', 'insurance_number', 'health_insurance', 'medical_insurance',
    'treatment',
    'mac_address', 'macaddr', 'imei', 'device_uuid',
    'pgp_key', 'gpg_key', 'ssh_key', 'certificate', 'license_key', 'activation_key',
    'facial_recognition'
  ])
group by r.object

-- 0024 rls_policy_always_true: a permissive policy for anon, authenticated or PUBLIC that lets any
-- row be changed: USING always true (or absent) for UPDATE/DELETE/ALL, WITH CHECK always true, or
-- absent on INSERT, or absent on UPDATE/ALL with an always-true USING. (SELECT using (true) is the
-- usual public read and is left alone.) Tables with RLS on, every user schema.
union all
select 'rls_policy_always_true', 'WARN', p.table_object || ': ' || p.polname
from pols p
cross join lateral (
  select translate(lower(coalesce(p.qual, '')), E' \n\t', '') in ('true', '(true)', '1=1', '(1=1)') as using_true,
    translate(lower(coalesce(p.with_check, '')), E' \n\t', '') in ('true', '(true)', '1=1', '(1=1)') as check_true
) t
where p.relkind = 'r' and p.relrowsecurity and p.polpermissive and p.user_schema
  and (p.roles = '{public}' or p.roles && '{anon,authenticated}')
  and (
    (p.cmd in ('UPDATE', 'DELETE', 'ALL') and (t.using_true or p.qual is null))
    or t.check_true
    or (p.with_check is null and (p.cmd = 'INSERT' or (p.cmd in ('UPDATE', 'ALL') and t.using_true)))
  )

-- 0025 public_bucket_allows_listing: a public bucket (its files need no policy to be fetched by
-- URL) with a permissive SELECT/ALL policy on storage.objects for PUBLIC, anon or authenticated
-- that is always true or only tests `bucket_id = '<that bucket>'`: anyone can list its files.
union all
select 'public_bucket_allows_listing', 'WARN', b.id
from public_buckets b
where exists (
  select 1 from pols p
  where p.table_object = 'storage.objects' and p.cmd in ('SELECT', 'ALL') and p.polpermissive
    and p.roles && '{public,anon,authenticated}'
    and (
      p.qual is null
      or translate(lower(p.qual), E' \n\t', '') in ('true', '(true)', '1=1', '(1=1)')
      or (regexp_match(p.qual, $re$\A\s*\(*\s*bucket_id\s*=\s*('(?:[^']|'')*')(\s*::\s*[[:alnum:]_\.]+)?\s*\)*\s*\Z$re$, 'i'))[1]
        = '''' || replace(b.id, '''', '''''') || ''''
    )
)

-- 0026 pg_graphql_anon_table_exposed / 0027 pg_graphql_authenticated_table_exposed: with pg_graphql
-- installed, a table, view, materialized view or foreign table with a column the role can select
-- shows in that role's GraphQL schema. Every user schema.
union all
select 'pg_graphql_' || g.role || '_table_exposed', 'WARN', r.object
from rels r
cross join (values ('anon'), ('authenticated')) g(role)
where r.relkind in ('r', 'v', 'm', 'f') and r.user_schema
  and exists (select 1 from pg_extension where extname = 'pg_graphql')
  and exists (
    select 1 from pg_attribute a
    where a.attrelid = r.oid and a.attnum > 0 and not a.attisdropped and has_column_privilege(g.role, r.oid, a.attnum, 'select')
  )

-- 0028 anon_security_definer_function_executable / 0029 authenticated_security_definer_function_executable:
-- a SECURITY DEFINER function (it bypasses the caller's RLS) that the role may call over
-- /rest/v1/rpc. API schemas.
union all
select g.role || '_security_definer_function_executable', 'WARN', f.object
from funcs f
cross join (values ('anon'), ('authenticated')) g(role)
where f.prosecdef and f.api_listed and has_function_privilege(g.role, f.oid, 'execute')

order by 2, 1, 3
