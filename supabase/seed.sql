-- Seed data for a fresh install: the curated 'Our Templates' folders and their links.
-- Nothing user-specific. Template rows have user_id NULL: they belong to the product, not to an
-- account (see the core schema migration); admins (user_roles.role = 'admin') manage them, and
-- copy_template_category() copies a folder with its subfolders and links into a user's collection.
-- Fixed ids make the seed idempotent (re-running it changes nothing) and let tests refer to it.

insert into public.categories (id, user_id, name, is_template, display_order, parent_category_id) values
  ('5eed0000-0000-4000-8000-000000000001', null, 'Developer Tools', true, 1, null),
  ('5eed0000-0000-4000-8000-000000000011', null, 'Docs & References', true, 1, '5eed0000-0000-4000-8000-000000000001'),
  ('5eed0000-0000-4000-8000-000000000002', null, 'News', true, 2, null),
  ('5eed0000-0000-4000-8000-000000000003', null, 'Learning', true, 3, null),
  ('5eed0000-0000-4000-8000-000000000004', null, 'Design', true, 4, null),
  ('5eed0000-0000-4000-8000-000000000005', null, 'Productivity', true, 5, null)
on conflict (id) do nothing;

-- created_at descends within each folder so the list order (newest first) is the order below.
insert into public.links (id, user_id, title, url, description, category_id, is_template, created_at)
select v.id::uuid, null, v.title, v.url, v.description, v.category_id::uuid, true,
       timestamptz '2025-01-01 12:00:00+00' - (v.pos * interval '1 minute')
from (values
  -- Developer Tools
  ('5eed0001-0000-4000-8000-000000000001', 'GitHub', 'https://github.com', 'Host code, review pull requests and collaborate on software.', '5eed0000-0000-4000-8000-000000000001', 1),
  ('5eed0001-0000-4000-8000-000000000002', 'Stack Overflow', 'https://stackoverflow.com', 'Questions and answers for programmers.', '5eed0000-0000-4000-8000-000000000001', 2),
  ('5eed0001-0000-4000-8000-000000000003', 'regex101', 'https://regex101.com', 'Build, test and debug regular expressions with explanations.', '5eed0000-0000-4000-8000-000000000001', 3),
  ('5eed0001-0000-4000-8000-000000000004', 'Can I use', 'https://caniuse.com', 'Browser support tables for web platform features.', '5eed0000-0000-4000-8000-000000000001', 4),
  ('5eed0001-0000-4000-8000-000000000005', 'CodeSandbox', 'https://codesandbox.io', 'Instant cloud development environments in the browser.', '5eed0000-0000-4000-8000-000000000001', 5),
  -- Developer Tools / Docs & References
  ('5eed0001-0000-4000-8000-000000000011', 'MDN Web Docs', 'https://developer.mozilla.org', 'The reference for HTML, CSS, JavaScript and Web APIs.', '5eed0000-0000-4000-8000-000000000011', 1),
  ('5eed0001-0000-4000-8000-000000000012', 'TypeScript Handbook', 'https://www.typescriptlang.org/docs/handbook/intro.html', 'The official guide to the TypeScript language.', '5eed0000-0000-4000-8000-000000000011', 2),
  ('5eed0001-0000-4000-8000-000000000013', 'PostgreSQL Documentation', 'https://www.postgresql.org/docs/current/', 'Manuals for every PostgreSQL feature and SQL command.', '5eed0000-0000-4000-8000-000000000011', 3),
  ('5eed0001-0000-4000-8000-000000000014', 'DevDocs', 'https://devdocs.io', 'Many API documentations in one fast, searchable interface.', '5eed0000-0000-4000-8000-000000000011', 4),
  -- News
  ('5eed0001-0000-4000-8000-000000000021', 'Hacker News', 'https://news.ycombinator.com', 'Technology and startup news ranked by the community.', '5eed0000-0000-4000-8000-000000000002', 1),
  ('5eed0001-0000-4000-8000-000000000022', 'Reuters', 'https://www.reuters.com', 'International news from a global news agency.', '5eed0000-0000-4000-8000-000000000002', 2),
  ('5eed0001-0000-4000-8000-000000000023', 'BBC News', 'https://www.bbc.com/news', 'World, business, science and technology news.', '5eed0000-0000-4000-8000-000000000002', 3),
  ('5eed0001-0000-4000-8000-000000000024', 'AP News', 'https://apnews.com', 'Breaking news from the Associated Press.', '5eed0000-0000-4000-8000-000000000002', 4),
  ('5eed0001-0000-4000-8000-000000000025', 'Ars Technica', 'https://arstechnica.com', 'In-depth technology, science and policy reporting.', '5eed0000-0000-4000-8000-000000000002', 5),
  -- Learning
  ('5eed0001-0000-4000-8000-000000000031', 'Khan Academy', 'https://www.khanacademy.org', 'Free courses in maths, science, computing and more.', '5eed0000-0000-4000-8000-000000000003', 1),
  ('5eed0001-0000-4000-8000-000000000032', 'MIT OpenCourseWare', 'https://ocw.mit.edu', 'Free lecture notes, exams and videos from MIT.', '5eed0000-0000-4000-8000-000000000003', 2),
  ('5eed0001-0000-4000-8000-000000000033', 'freeCodeCamp', 'https://www.freecodecamp.org', 'Learn to code for free with interactive lessons.', '5eed0000-0000-4000-8000-000000000003', 3),
  ('5eed0001-0000-4000-8000-000000000034', 'Coursera', 'https://www.coursera.org', 'Online courses and degrees from universities and companies.', '5eed0000-0000-4000-8000-000000000003', 4),
  ('5eed0001-0000-4000-8000-000000000035', 'Wikipedia', 'https://www.wikipedia.org', 'The free encyclopedia anyone can edit.', '5eed0000-0000-4000-8000-000000000003', 5),
  -- Design
  ('5eed0001-0000-4000-8000-000000000041', 'Figma', 'https://www.figma.com', 'Collaborative interface design and prototyping.', '5eed0000-0000-4000-8000-000000000004', 1),
  ('5eed0001-0000-4000-8000-000000000042', 'Dribbble', 'https://dribbble.com', 'Inspiration and portfolios from designers.', '5eed0000-0000-4000-8000-000000000004', 2),
  ('5eed0001-0000-4000-8000-000000000043', 'Google Fonts', 'https://fonts.google.com', 'Free, open-source fonts for the web.', '5eed0000-0000-4000-8000-000000000004', 3),
  ('5eed0001-0000-4000-8000-000000000044', 'Coolors', 'https://coolors.co', 'Generate and explore colour palettes.', '5eed0000-0000-4000-8000-000000000004', 4),
  ('5eed0001-0000-4000-8000-000000000045', 'Unsplash', 'https://unsplash.com', 'Free high-resolution photos.', '5eed0000-0000-4000-8000-000000000004', 5),
  -- Productivity
  ('5eed0001-0000-4000-8000-000000000051', 'Notion', 'https://www.notion.so', 'Notes, docs and project planning in one workspace.', '5eed0000-0000-4000-8000-000000000005', 1),
  ('5eed0001-0000-4000-8000-000000000052', 'Trello', 'https://trello.com', 'Organise projects with boards, lists and cards.', '5eed0000-0000-4000-8000-000000000005', 2),
  ('5eed0001-0000-4000-8000-000000000053', 'Google Calendar', 'https://calendar.google.com', 'Schedule events and share calendars.', '5eed0000-0000-4000-8000-000000000005', 3),
  ('5eed0001-0000-4000-8000-000000000054', 'Excalidraw', 'https://excalidraw.com', 'Hand-drawn style whiteboard for quick sketches and diagrams.', '5eed0000-0000-4000-8000-000000000005', 4),
  ('5eed0001-0000-4000-8000-000000000055', 'Todoist', 'https://todoist.com', 'A to-do list to organise work and life.', '5eed0000-0000-4000-8000-000000000005', 5)
) as v(id, title, url, description, category_id, pos)
on conflict (id) do nothing;
