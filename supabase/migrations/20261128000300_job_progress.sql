-- Progress of long jobs that run in one browser tab (Generate All and Rewrite All of an offer) is
-- shown in the user's other tabs and the side panel: the running tab shares it as Realtime presence
-- on the private topic `jobs:<user id>`. Only that user may join the topic (select) or share on it
-- (insert); presence only, nothing is broadcast there.
create policy "Users follow the progress of their own jobs"
  on realtime.messages for select to authenticated
  using (extension = 'presence' and (select realtime.topic()) = 'jobs:' || (select auth.uid())::text);

create policy "Users share the progress of their own jobs"
  on realtime.messages for insert to authenticated
  with check (extension = 'presence' and (select realtime.topic()) = 'jobs:' || (select auth.uid())::text);
