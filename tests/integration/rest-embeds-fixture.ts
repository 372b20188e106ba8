import type { UntypedTestStack } from '../helpers/stack.ts';
import { rawFetch } from './rest-fixture.ts';

/**
 * Tables and functions for the embedding tests, shaped like PostgREST's own test fixtures:
 * computed relationships, FK names and columns as targets, self-references, several keys to
 * one table, many-to-many through a table and through a view.
 */
const EMBEDS_SQL = `
create table designers (id int primary key, name text not null);
create table videogames (id int primary key, name text not null, designer_id int references designers(id));
create function computed_designers(videogames) returns setof designers language sql stable rows 1 as
  $$ select * from designers where id = $1.designer_id $$;
create function computed_designers_noset(videogames) returns designers language sql stable as
  $$ select * from designers where id = $1.designer_id $$;
create function computed_videogames(designers) returns setof videogames language sql stable as
  $$ select * from videogames where designer_id = $1.id $$;
create function getallvideogames() returns setof videogames language sql stable as $$ select * from videogames $$;
-- named like the tables: they replace the detected relationships (and answer nothing)
create function designers(videogames) returns setof designers language sql stable rows 1 as $$ select * from designers where false $$;
create function videogames(designers) returns setof videogames language sql stable as $$ select * from videogames where false $$;

create table web_content (id int primary key, name text not null, p_web_id int references web_content(id));
create function child_web_content(web_content) returns setof web_content language sql stable as
  $$ select * from web_content where p_web_id = $1.id $$;
create function parent_web_content(web_content) returns setof web_content language sql stable rows 1 as
  $$ select * from web_content where id = $1.p_web_id $$;

create table second (id int primary key, name text);
create table first (id int primary key, second_id_1 int unique references second(id), second_id_2 int unique references second(id));
create table second_1 (id int primary key, name text);
create table first_1 (id int primary key, second_id_1 int unique references second_1(id), second_id_2 int unique references second_1(id));
create function second_1(first_1) returns setof second_1 language sql stable rows 1 as $$ select * from second_1 where id = $1.second_id_1 $$;
create function first_1(second_1) returns setof first_1 language sql stable rows 1 as $$ select * from first_1 where second_id_1 = $1.id $$;

create table clients (id int primary key, name text not null);
create table projects (id int primary key, name text not null, client_id int, constraint client foreign key (client_id) references clients(id));
create table tasks (id int primary key, name text not null, project_id int, constraint project foreign key (project_id) references projects(id));
create view projects_view as select * from projects;

create table addresses (id int primary key, address text not null);
create table orders (
  id int primary key, name text not null,
  billing_address_id int, shipping_address_id int,
  constraint billing foreign key (billing_address_id) references addresses(id),
  constraint shipping foreign key (shipping_address_id) references addresses(id)
);

create table family_tree (id text primary key, name text not null, parent_id text references family_tree(id));
create table organizations (
  id int primary key, name text not null,
  referee int references organizations(id), auditor int references organizations(id)
);

create table departments (id int primary key, name text not null, head_id int);
create table agents (id int primary key, name text not null, department_id int references departments(id));
alter table departments add foreign key (head_id) references agents(id);

create table big_projects (big_project_id int primary key, name text not null);
create table sites (site_id int primary key, name text not null, main_project_id int,
  constraint main_project foreign key (main_project_id) references big_projects(big_project_id));
create table jobs (
  site_id int references sites(site_id), big_project_id int references big_projects(big_project_id),
  primary key (site_id, big_project_id)
);
create view main_jobs as select * from jobs where (site_id, big_project_id) in (select site_id, main_project_id from sites);

create table whatev_sites (id int primary key);
create table whatev_projects (id int primary key);
create table whatev_jobs (
  site_id_1 int references whatev_sites(id), site_id_2 int references whatev_sites(id),
  project_id_1 int references whatev_projects(id), project_id_2 int references whatev_projects(id),
  primary key (site_id_1, site_id_2, project_id_1, project_id_2)
);

create table actors (id int primary key, name text not null);
create table films (id int primary key, title text not null);
create table roles (actor_id int references actors(id), film_id int references films(id), primary key (actor_id, film_id));

create table i2459_simple_t1 (id int primary key);
create table i2459_simple_t2 (t1_id int references i2459_simple_t1);
create view i2459_simple_v1 as table i2459_simple_t1;
create view i2459_simple_v2 as select t1_id as t1_id1, t1_id as t1_id2 from i2459_simple_t2;
create table i2459_composite_t1 (a int, b int, primary key (a, b));
create table i2459_composite_t2 (t1_a int, t1_b int,
  constraint i2459_composite_t2_t1_a_t1_b_fkey foreign key (t1_a, t1_b) references i2459_composite_t1);
create view i2459_composite_v1 as table i2459_composite_t1;
create view i2459_composite_v2 as select t1_a as t1_a1, t1_b as t1_b1, t1_a as t1_a2, t1_b as t1_b2 from i2459_composite_t2;

grant all on all tables in schema public to anon, authenticated, service_role;
grant execute on all functions in schema public to anon, authenticated, service_role;

insert into designers values (1, 'Sid Meier'), (2, 'Hironobu Sakaguchi');
insert into videogames values (1, 'Civilization I', 1), (2, 'Civilization II', 1), (3, 'Final Fantasy I', 2), (4, 'Final Fantasy II', 2);
insert into web_content values (5, 'wat', null), (0, 'tardis', 5), (1, 'fezz', 0), (2, 'foo', 0), (3, 'bar', 0), (4, 'wut', 1);
insert into second values (1, 'uno');
insert into first values (1, 1, null);
insert into second_1 values (1, 'uno');
insert into first_1 values (1, 1, null);
insert into clients values (1, 'Microsoft'), (2, 'Apple');
insert into projects values (1, 'Windows 7', 1), (2, 'Windows 10', 1), (3, 'IOS', 2), (4, 'OSX', 2);
insert into tasks values (1, 'Design w7', 1), (2, 'Code w7', 1), (3, 'Design w10', 2), (4, 'Code w10', 2);
insert into addresses values (1, 'address 1'), (2, 'address 2');
insert into orders values (1, 'order 1', 1, 2);
insert into family_tree values ('1', 'Parental Unit', null), ('2', 'Kid One', '1'), ('3', 'Kid Two', '1'), ('4', 'Grandkid One', '2'), ('5', 'Grandkid Two', '3');
insert into organizations values (1, 'Referee Org', null, null), (2, 'Auditor Org', null, null), (3, 'Acme', 1, 2), (4, 'Umbrella', 1, 2), (5, 'Cyberdyne', 3, 4);
insert into big_projects values (1, 'big project 1'), (2, 'big project 2');
insert into sites values (1, 'site 1', 1), (2, 'site 2', null);
insert into jobs values (1, 1), (2, 1), (2, 2);
insert into actors values (1, 'john');
insert into films values (12, 'douze commandements');
insert into roles values (1, 12);
`;

export async function setupEmbedsFixture(stack: UntypedTestStack): Promise<void> {
  await stack.db.exec(EMBEDS_SQL);
}

/** GET through /rest/v1: status, Content-Range and the parsed JSON body. */
export async function getJson(stack: UntypedTestStack, path: string, headers: Record<string, string> = {}) {
  const res = await rawFetch(stack, path, { headers });
  return { status: res.status, range: res.headers.get('content-range'), body: (await res.json()) as unknown };
}
