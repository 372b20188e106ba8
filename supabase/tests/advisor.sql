-- The database advisor's checks for the API schema (public), written for this project after
-- Supabase's splinter lints of the same names: each row is one finding (lint, level, object).
-- tests/integration/advisor.test.ts runs it on the migrated schema and expects no rows, so a
-- migration cannot bring a finding back. Run it by hand with psql against any database.
with
api_functions as (
  select p.oid, p.proname, p.prosecdef, p.proconfig, pg_get_function_identity_arguments(p.oid) as args
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'public'
    and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
),
api_tables as (
  select c.oid, c.relname, c.relrowsecurity, c.relkind, c.reloptions
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public'
    and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
),
policies as (
  select c.relname as table_name, pol.polname, pol.polpermissive, pol.polcmd, pol.polroles,
    coalesce(pg_get_expr(pol.polqual, pol.polrelid), '') || ' ' || coalesce(pg_get_expr(pol.polwithcheck, pol.polrelid), '') as expr
  from pg_policy pol
  join api_tables c on c.oid = pol.polrelid
)
-- SECURITY DEFINER views bypass the caller's RLS.
select 'security_definer_view' as lint, 'ERROR' as level, relname as object
from api_tables
where relkind = 'v' and not coalesce('security_invoker=true' = any (reloptions) or 'security_invoker=on' = any (reloptions), false)
union all
-- Tables reachable over the API without row-level security.
select 'rls_disabled_in_public', 'ERROR', relname from api_tables where relkind in ('r', 'p') and not relrowsecurity
union all
select 'policy_exists_rls_disabled', 'ERROR', t.relname
from api_tables t where t.relkind = 'r' and not t.relrowsecurity and exists (select 1 from pg_policy p where p.polrelid = t.oid)
union all
-- A function whose search_path the caller controls can be made to run the caller's objects.
select 'function_search_path_mutable', 'WARN', proname || '(' || args || ')'
from api_functions
where not exists (select 1 from unnest(coalesce(proconfig, '{}')) c where c like 'search_path=%')
union all
-- SECURITY DEFINER functions callable over /rest/v1/rpc by someone signed out / signed in.
select 'anon_security_definer_function_executable', 'WARN', proname || '(' || args || ')'
from api_functions where prosecdef and has_function_privilege('anon', oid, 'execute')
union all
select 'authenticated_security_definer_function_executable', 'WARN', proname || '(' || args || ')'
from api_functions where prosecdef and has_function_privilege('authenticated', oid, 'execute')
union all
-- auth.uid() and friends re-evaluated for every row instead of once per statement.
select 'auth_rls_initplan', 'WARN', table_name || ': ' || polname
from policies
where expr ~ '(auth\.(uid|jwt|role|email)\(\)|current_setting\()'
  and expr !~ 'SELECT (auth\.(uid|jwt|role|email)\(\)|current_setting\()'
union all
-- Several permissive policies for one role and action: each is evaluated for every row.
select 'multiple_permissive_policies', 'WARN', table_name || ' ' || r.rolname || ' ' || cmd.action
from (
  select table_name, unnest(case when polroles = '{0}' then array(select oid from pg_roles where rolname in ('anon', 'authenticated')) else polroles end) as role_oid,
    unnest(case polcmd when '*' then array['select', 'insert', 'update', 'delete'] when 'r' then array['select'] when 'a' then array['insert'] when 'w' then array['update'] when 'd' then array['delete'] end) as action
  from policies where polpermissive
) cmd
join pg_roles r on r.oid = cmd.role_oid
where r.rolname in ('anon', 'authenticated')
group by table_name, r.rolname, cmd.action
having count(*) > 1
union all
-- Foreign keys without an index that starts with their columns: slow deletes and joins.
select 'unindexed_foreign_keys', 'INFO', t.relname || '.' || con.conname
from pg_constraint con
join api_tables t on t.oid = con.conrelid
where con.contype = 'f'
  and not exists (
    select 1 from pg_index i
    where i.indrelid = con.conrelid
      and (string_to_array(i.indkey::text, ' ')::smallint[])[1:array_length(con.conkey, 1)] operator(pg_catalog.@>) con.conkey
      and (string_to_array(i.indkey::text, ' ')::smallint[])[1:array_length(con.conkey, 1)] operator(pg_catalog.<@) con.conkey
  )
union all
select 'rls_enabled_no_policy', 'INFO', t.relname
from api_tables t where t.relkind = 'r' and t.relrowsecurity and not exists (select 1 from pg_policy p where p.polrelid = t.oid)
union all
select 'no_primary_key', 'INFO', t.relname
from api_tables t where t.relkind = 'r' and not exists (select 1 from pg_index i where i.indrelid = t.oid and i.indisprimary)
union all
select 'duplicate_index', 'WARN', t.relname || ': ' || string_agg(ic.relname, ', ')
from pg_index i
join api_tables t on t.oid = i.indrelid
join pg_class ic on ic.oid = i.indexrelid
group by t.relname, i.indrelid, i.indkey::text, i.indclass::text, coalesce(pg_get_expr(i.indexprs, i.indrelid), ''), coalesce(pg_get_expr(i.indpred, i.indrelid), '')
having count(*) > 1
order by 2, 1, 3
