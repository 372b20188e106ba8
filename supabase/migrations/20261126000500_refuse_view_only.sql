-- One trigger function refuses writes by view_only accounts, with the sentence the page shows
-- given per table as the trigger's argument. A policy alone would answer an insert with an RLS
-- error and a delete by hiding the row (the page would report a delete that did not happen);
-- this runs first and says why. Without a signed-in user (service role, migrations, cascades
-- from deleting an account) there is no role: it passes.
create function private.refuse_view_only() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if public.current_app_role() = 'view_only' then
    raise exception '%', tg_argv[0] using errcode = '42501';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;
revoke execute on function private.refuse_view_only() from public, anon, authenticated;

drop trigger startup_ideas_refuse_view_only on public.startup_ideas;
drop function private.startup_ideas_refuse_view_only();
create trigger startup_ideas_refuse_view_only before insert or update or delete on public.startup_ideas
  for each row execute function private.refuse_view_only('View-only accounts cannot save, change or delete ideas.');

drop trigger conversations_refuse_view_only on public.conversations;
drop trigger conversation_messages_refuse_view_only on public.conversation_messages;
drop function private.conversations_refuse_view_only();
create trigger conversations_refuse_view_only before insert or update or delete on public.conversations
  for each row execute function private.refuse_view_only('View-only accounts cannot save, change or delete conversations.');
create trigger conversation_messages_refuse_view_only before insert or update or delete on public.conversation_messages
  for each row execute function private.refuse_view_only('View-only accounts cannot save, change or delete conversations.');
