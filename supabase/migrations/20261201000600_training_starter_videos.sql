-- The Training Hub starts with three videos, one per category of the hub (Basics, Advanced Prompts,
-- Tools), instead of an empty page on a fresh install. They are ordinary rows: admins edit, reorder,
-- unpublish or remove them like any other. Each is a public talk on its provider, so every address
-- plays; durations are left for the admin to fill (the card shows none until then). Inserted only
-- into an empty catalogue, so a project whose admins already built one keeps it as it is.
insert into public.training_videos (title, description, category, duration_seconds, url, position, published)
select v.title, v.description, v.category, null, v.url, v.position, true
from (values
  (
    'How large language models work',
    'What happens between your prompt and the answer: how a model is trained, why it makes things up, and what that means for the prompts you write.',
    'Basics',
    'https://www.youtube.com/watch?v=zjkBMFhNj_g',
    1
  ),
  (
    'Getting more out of a model: prompts, retrieval and fine-tuning',
    'When a better prompt is enough, when to give the model your own documents (as the knowledge base does), and when neither will do.',
    'Advanced Prompts',
    'https://www.youtube.com/watch?v=ahnGLM-RC1Y',
    2
  ),
  (
    'Inside the transformer: a visual tour',
    'A visual explanation of the machinery behind every AI tool in your kit, for anyone who wants to know why prompts behave as they do.',
    'Tools',
    'https://www.youtube.com/watch?v=wjZofJX0v4M',
    3
  )
) as v(title, description, category, url, position)
where not exists (select 1 from public.training_videos);
