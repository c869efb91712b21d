/**
 * Bulk data for `npm run bench`, written with set-based SQL (INSERT … SELECT … FROM generate_series)
 * straight into the database the server will be started on.
 *
 * The two measured subjects are the same size at every table size, so only the size of the tables
 * changes between phases:
 * - the applicant cofounder@launchpad.test has exactly APPLICANT_APPLICATIONS applications;
 * - the target form (the one whose responses page is measured) has exactly TARGET_RESPONSES
 *   submitted applications and no drafts.
 * Everything else is filler spread over 1,000 bench applicants × the other bench forms, about 100
 * applications per applicant and per form at 100,000 rows. Whatever the demo seed already put in the
 * tables (forms, applications, some of them the applicant's) counts towards the totals.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#api/db/client.ts";

export const FORMS = 1_000;
export const BULK_USERS = 1_000;
export const APPLICANT_EMAIL = "cofounder@launchpad.test";
export const OWNER_EMAIL = "startup@launchpad.test";
export const OWNER_STARTUP = "acme-robotics";
export const APPLICANT_APPLICATIONS = 50;
export const TARGET_RESPONSES = 500;
const TARGET_TITLE = "Bench target event";
const FILLER_TITLE = "Bench event #";
const COLLECTION_NAME = "Benchmark events";

/** The email of bench applicant number `g` (an SQL expression). */
const BENCH_USER_EMAIL = (g: string) => `'bench-applicant-' || ${g} || '@bench.test'`;

const fmt = (n: number) => n.toLocaleString("en-US");

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function one<T>(db: Db, query: SQL, what: string): Promise<T> {
  const [row] = await rows<T>(db, query);
  if (!row) throw new Error(`bench seed: ${what} not found (is this a freshly seeded demo database?)`);
  return row;
}

export interface BenchIds {
  ownerUserId: number;
  applicantUserId: number;
  startupId: number;
  targetFormId: number;
}

const STANDARD_QUESTIONS = {
  full_name: { enabled: true, required: true },
  email: { enabled: true, required: true },
  phone: { enabled: true, required: false },
  company: { enabled: true, required: false },
  role: { enabled: false, required: false },
  website: { enabled: false, required: false },
  linkedin: { enabled: false, required: false },
  city: { enabled: true, required: false },
};

const CUSTOM_QUESTIONS = [
  { id: "q-building", label: "What are you building?", help_text: "One or two sentences.", type: "long_text", required: true, options: [] },
  {
    id: "q-heard",
    label: "How did you hear about us?",
    help_text: null,
    type: "single_choice",
    required: false,
    options: ["Twitter", "A friend", "Newsletter"],
  },
  { id: "q-visa", label: "Do you need a visa letter?", help_text: null, type: "yes_no", required: false, options: [] },
  { id: "q-team", label: "Team size", help_text: null, type: "number", required: false, options: [] },
];

/** Answers for the standard and custom questions above; `k` varies them. Expects `name`, `email`, `k` in scope. */
const ANSWERS = `jsonb_build_object(
  'full_name', name, 'email', email, 'phone', '+234 80' || lpad((k % 100000000)::text, 8, '0'),
  'company', 'Company ' || (k % 977), 'city', (array['Lagos','Nairobi','Accra','London','Berlin'])[1 + k % 5],
  'q-building', 'Robots that move boxes for small warehouses, take ' || k || '.',
  'q-heard', (array['Twitter','A friend','Newsletter'])[1 + k % 3], 'q-visa', (k % 2 = 0), 'q-team', 1 + k % 9)`;

/**
 * Inserts applications from a derived table `src(form_id, user_id, name, email, k, is_draft, status)`:
 * created over the past year, submitted an hour after creation unless a draft.
 */
const insertApplications = (source: string) => `
  insert into event_applications
    (event_form_id, user_id, status, answers, applicant_name, applicant_email, submitted_at, cancelled_at, created_at, updated_at)
  select form_id, user_id, status, ${ANSWERS}, name, email,
         case when status = 'draft' then null else created + interval '1 hour' end,
         case when status = 'cancelled' then created + interval '2 hours' end,
         created, created
  from (select s.*, now() - ((k % 365) || ' days')::interval - ((k * 7 % 1440) || ' minutes')::interval as created
        from (${source}) s) src`;

/** A submitted status for row number `k`: mostly the review statuses, now and then cancelled. */
const submittedStatus = (k: string) => `case when ${k} % 23 = 0 then 'cancelled'
  else (array['pending','shortlisted','accepted','rejected','waitlisted'])[1 + ${k} % 5] end`;

async function lookUpIds(db: Db): Promise<Omit<BenchIds, "targetFormId">> {
  const owner = await one<{ id: number; startup_id: number | null }>(
    db,
    sql`select id, startup_id from users where email = ${OWNER_EMAIL}`,
    OWNER_EMAIL,
  );
  const startup = await one<{ id: number }>(db, sql`select id from startups where username = ${OWNER_STARTUP}`, OWNER_STARTUP);
  const applicant = await one<{ id: number }>(db, sql`select id from users where email = ${APPLICANT_EMAIL}`, APPLICANT_EMAIL);
  if (owner.startup_id !== startup.id) throw new Error(`bench seed: ${OWNER_EMAIL} does not own ${OWNER_STARTUP}`);
  return { ownerUserId: owner.id, applicantUserId: applicant.id, startupId: startup.id };
}

/**
 * Phase A on a freshly seeded demo database: published forms of acme-robotics in one new collection up
 * to FORMS forms in all, 1,000 bench applicants, and applications up to `total` (the measured subjects
 * plus filler).
 */
export async function seedPhaseA(db: Db, total: number): Promise<BenchIds> {
  const ids = await lookUpIds(db);
  const [before] = await rows<{ forms: number; applications: number; applicant: number }>(
    db,
    sql`select (select count(*)::int from event_forms) as forms, (select count(*)::int from event_applications) as applications,
               (select count(*)::int from event_applications where user_id = ${ids.applicantUserId}) as applicant`,
  );
  const fillerForms = FORMS - 1 - before.forms;
  const applicantMissing = APPLICANT_APPLICATIONS - before.applicant;
  const filler = total - before.applications - TARGET_RESPONSES - applicantMissing;
  if (fillerForms < APPLICANT_APPLICATIONS || applicantMissing < 0 || filler < 0) {
    throw new Error(
      `bench seed: the demo seed already has ${before.forms} forms and ${before.applications} applications ` +
        `(${before.applicant} of ${APPLICANT_EMAIL}): too many for the ${fmt(total)}-row phase`,
    );
  }

  const { id: collectionId } = await one<{ id: number }>(
    db,
    sql`insert into collections (startup_id, name) values (${ids.startupId}, ${COLLECTION_NAME}) returning id`,
    "the new collection",
  );
  const formColumns = sql`(startup_id, collection_id, title, description, category, nature, starts_at, ends_at, timezone,
    venue, online_link, capacity, application_deadline, type_of_event, questions, custom_questions, status, created_by_user_id, created_at, updated_at)`;
  const questions = JSON.stringify(STANDARD_QUESTIONS);
  const custom = JSON.stringify(CUSTOM_QUESTIONS);
  const { id: targetFormId } = await one<{ id: number }>(
    db,
    sql`insert into event_forms ${formColumns} values (${ids.startupId}, ${collectionId}, ${TARGET_TITLE},
      'The event whose responses page the benchmark measures.', 'Demo day', 'hybrid', now() + interval '30 days',
      now() + interval '30 days 8 hours', 'Africa/Lagos', 'Acme HQ, Lagos', 'https://meet.example.com/bench', null,
      now() + interval '29 days', 'free', ${questions}::jsonb, ${custom}::jsonb, 'published', ${ids.ownerUserId}, now(), now())
      returning id`,
    "the target form",
  );
  await db.execute(sql`
    insert into event_forms ${formColumns}
    select ${ids.startupId}, ${collectionId}, ${FILLER_TITLE} || g, 'Benchmark event number ' || g || '.',
      (array['Conference','Workshop','Meetup','Hackathon','Demo day','Networking','Webinar'])[1 + g % 7],
      (array['online','in_person','hybrid'])[1 + g % 3],
      now() + (g || ' hours')::interval, now() + (g || ' hours')::interval + interval '3 hours', 'Africa/Lagos',
      case when g % 3 <> 0 then 'Venue ' || g end, case when g % 3 <> 1 then 'https://meet.example.com/' || g end,
      case when g % 4 = 0 then 10000 end, null, 'free', ${questions}::jsonb, ${custom}::jsonb, 'published', ${ids.ownerUserId},
      now() - ((${FORMS} - g) || ' minutes')::interval, now()
    from generate_series(1, ${fillerForms}) g`);

  // Bench applicants: not able to log in (their hash is not a password hash); they only own rows.
  await db.execute(sql`
    insert into users (name, email, password_hash)
    select 'Bench Applicant ' || g, 'bench-applicant-' || g || '@bench.test', 'not-a-password-hash'
    from generate_series(0, ${BULK_USERS - 1}) g`);

  // The target form: TARGET_RESPONSES submitted applications from bench applicants 0, 1, ….
  await db.execute(
    sql.raw(
      insertApplications(`
        select ${targetFormId} as form_id, u.id as user_id, u.name, u.email, g as k, ${submittedStatus("g")} as status
        from generate_series(0, ${TARGET_RESPONSES - 1}) g
        join users u on u.email = ${BENCH_USER_EMAIL("g")}`),
    ),
  );
  // The applicant: up to APPLICANT_APPLICATIONS applications, on the first bench forms, one in ten a draft.
  await db.execute(
    sql.raw(
      insertApplications(`
        select f.id as form_id, ${ids.applicantUserId} as user_id, u.name, u.email, f.idx as k,
               case when f.idx % 10 = 9 then 'draft' else ${submittedStatus("f.idx")} end as status
        from (${FILLER_FORMS_SQL}) f
        join users u on u.id = ${ids.applicantUserId}
        where f.idx < ${applicantMissing}`),
    ),
  );
  await addFiller(db, 0, filler);
  await finish(db, total);
  return { ...ids, targetFormId };
}

/** Phase B: more filler, up to `total` applications; the measured subjects are left as they are. */
export async function seedPhaseB(db: Db, total: number, ids: BenchIds): Promise<void> {
  const [{ applications, filler }] = await rows<{ applications: number; filler: number }>(
    db,
    sql`select (select count(*)::int from event_applications) as applications,
               (select count(*)::int from event_applications a join users u on u.id = a.user_id
                where u.email like 'bench-applicant-%@bench.test' and a.event_form_id <> ${ids.targetFormId}) as filler`,
  );
  await addFiller(db, filler, filler + (total - applications));
  await finish(db, total, ids);
}

/** The bench's filler forms, numbered from 0 in id order. */
const FILLER_FORMS_SQL = `select id, row_number() over (order by id) - 1 as idx from event_forms where title like '${FILLER_TITLE}%'`;

/**
 * Filler rows k in [from, to): row k is bench applicant k % 1000's application to filler form
 * ((k / 1000) + k % 1000) % fillerForms, so (form, applicant) pairs never repeat. One in ten is a draft.
 * Inserted in batches to bound memory.
 */
async function addFiller(db: Db, from: number, to: number) {
  const [{ n: fillerForms }] = await rows<{ n: number }>(db, sql.raw(`select count(*)::int as n from (${FILLER_FORMS_SQL}) f`));
  // For one applicant, k / BULK_USERS takes to / BULK_USERS values, which must stay distinct modulo fillerForms.
  if (Math.ceil(to / BULK_USERS) > fillerForms)
    throw new Error(`bench seed: ${fmt(to)} filler applications need more than ${fillerForms} forms`);
  const BATCH = 25_000;
  for (let start = from; start < to; start += BATCH) {
    const end = Math.min(to, start + BATCH);
    await db.execute(
      sql.raw(
        insertApplications(`
          select f.id as form_id, u.id as user_id, u.name, u.email, k.k,
                 case when k.k % 10 = 0 then 'draft' else ${submittedStatus("k.k")} end as status
          from generate_series(${start}, ${end - 1}) k(k)
          join users u on u.email = ${BENCH_USER_EMAIL(`(k.k % ${BULK_USERS})`)}
          join (${FILLER_FORMS_SQL}) f on f.idx = ((k.k / ${BULK_USERS}) + (k.k % ${BULK_USERS})) % ${fillerForms}`),
      ),
    );
  }
}

/** Checks the sizes the benchmark promises, then refreshes the planner's statistics. */
async function finish(db: Db, total: number, known?: BenchIds) {
  const ids = known ?? {
    ...(await lookUpIds(db)),
    targetFormId: (await one<{ id: number }>(db, sql`select id from event_forms where title = ${TARGET_TITLE}`, TARGET_TITLE)).id,
  };
  const [counts] = await rows<{ forms: number; applications: number; applicant: number; target: number; target_drafts: number }>(
    db,
    sql`select (select count(*)::int from event_forms) as forms,
               (select count(*)::int from event_applications) as applications,
               (select count(*)::int from event_applications where user_id = ${ids.applicantUserId}) as applicant,
               (select count(*)::int from event_applications where event_form_id = ${ids.targetFormId} and status <> 'draft') as target,
               (select count(*)::int from event_applications where event_form_id = ${ids.targetFormId} and status = 'draft') as target_drafts`,
  );
  const expected = { forms: FORMS, applications: total, applicant: APPLICANT_APPLICATIONS, target: TARGET_RESPONSES, target_drafts: 0 };
  for (const [key, value] of Object.entries(expected)) {
    const actual = counts[key as keyof typeof counts];
    if (actual !== value) throw new Error(`bench seed: expected ${key} = ${value}, found ${actual}`);
  }
  await db.execute(sql`analyze`);
}
