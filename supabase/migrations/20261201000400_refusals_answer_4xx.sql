-- A refusal caused by what the caller sent is a 4xx with the sentence the page shows. These
-- functions said "not found" with SQLSTATE P0002, which the REST layer (as PostgREST) answers with
-- HTTP 500, as if the server had failed. PostgREST turns SQLSTATE PTnnn into HTTP status nnn and
-- keeps the message: an invitation link that is used up, expired or unknown, a user or a training
-- video that is gone answer 404; a generation whose reservation lapsed answers 409 (the caller's
-- state changed under it). Only the error code changes; each function is otherwise as it was.
do $$
declare
  change record;
  source text;
begin
  for change in
    select * from (values
      ('public.admin_set_user_role(uuid, public.app_role)'::regprocedure, 'PT404'),
      ('private.accept_share(text)'::regprocedure, 'PT404'),
      ('private.accept_team_invitation(text)'::regprocedure, 'PT404'),
      ('public.move_training_video(uuid, text)'::regprocedure, 'PT404'),
      ('public.finish_generation(uuid, uuid, text, text, text, uuid)'::regprocedure, 'PT409')
    ) as c(fn, code)
  loop
    source := pg_get_functiondef(change.fn);
    if position('errcode = ''P0002''' in source) = 0 then
      raise exception 'migration out of date: % no longer raises P0002', change.fn;
    end if;
    execute replace(source, 'errcode = ''P0002''', format('errcode = %L', change.code));
  end loop;
end
$$;
