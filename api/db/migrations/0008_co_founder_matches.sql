CREATE TABLE "co_founder_match_sets" (
	"startup_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "co_founder_matches" (
	"startup_id" integer NOT NULL,
	"co_founder_id" integer NOT NULL,
	"score" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "co_founder_matches_startup_id_co_founder_id_pk" PRIMARY KEY("startup_id","co_founder_id")
);
--> statement-breakpoint
CREATE TABLE "co_founder_totals" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "co_founder_totals_one_row" CHECK ("co_founder_totals"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "co_founder_match_sets" ADD CONSTRAINT "co_founder_match_sets_startup_id_startups_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."startups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "co_founder_matches" ADD CONSTRAINT "co_founder_matches_startup_id_co_founder_match_sets_startup_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."co_founder_match_sets"("startup_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "co_founder_matches" ADD CONSTRAINT "co_founder_matches_co_founder_id_co_founders_id_fk" FOREIGN KEY ("co_founder_id") REFERENCES "public"."co_founders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "co_founder_matches_order_idx" ON "co_founder_matches" USING btree ("startup_id","score" DESC NULLS LAST,"created_at" DESC NULLS LAST,"co_founder_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "co_founder_matches_co_founder_idx" ON "co_founder_matches" USING btree ("co_founder_id");--> statement-breakpoint
-- The match score: the one definition, used by the co_founder_matches rows (below) and by the cards
-- (api/modules/co-founders/match.ts). Weights are explained by explainMatch in schemas/co-founders.ts.
-- The `&&` overlap test runs first so the per-row unnest only happens for profiles sharing a skill.
-- A missing startup (all s_* null) scores 0.
CREATE FUNCTION co_founder_match_score(
	c_skills text[], c_roles text[], c_industries text[], c_stage text, c_country text, c_city text,
	s_skills text[], s_roles text[], s_industry text, s_stage text, s_country text, s_city text
) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	select (
		case when c_skills && s_skills then 3 * (select count(*)::int from unnest(c_skills) as k where k = any(s_skills)) else 0 end
		+ case when c_roles && s_roles then 2 else 0 end
		+ case when s_industry = any(c_industries) then 2 else 0 end
		+ case when c_stage = s_stage then 1 else 0 end
		+ case when c_country = s_country then (case when lower(c_city) = lower(s_city) then 3 else 1 end) else 0 end
	)::int
$$;
--> statement-breakpoint
-- Fills one startup's match rows once (a search calls it when co_founder_match_sets has no row yet).
-- Locks, in this order everywhere: the startup row (a concurrent change of its wants waits, or is waited
-- for), then the advisory lock that profile writes take shared, so no profile committed meanwhile is missed.
CREATE FUNCTION co_founder_match_fill(p_startup integer) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
	PERFORM 1 FROM startups WHERE id = p_startup FOR SHARE;
	IF NOT FOUND THEN RETURN false; END IF;
	PERFORM pg_advisory_xact_lock(20260008, 0);
	INSERT INTO co_founder_match_sets (startup_id) VALUES (p_startup) ON CONFLICT DO NOTHING;
	IF NOT FOUND THEN RETURN true; END IF;
	INSERT INTO co_founder_matches (startup_id, co_founder_id, score, created_at)
	SELECT s.id, c.id,
		co_founder_match_score(c.skill_keys, c.roles, c.industries, c.desired_stage, c.country, c.city_name,
			s.wanted_skill_keys, s.wanted_roles, s.industry, s.stage, s.country, s.city_name),
		c.created_at
	FROM startups s CROSS JOIN co_founders c WHERE s.id = p_startup;
	RETURN true;
END $$;
--> statement-breakpoint
-- A startup's wants changed: rescore its rows, if it has any, in the same transaction.
CREATE FUNCTION co_founder_matches_startup_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_advisory_xact_lock(20260008, 0);
	UPDATE co_founder_matches m SET score = co_founder_match_score(c.skill_keys, c.roles, c.industries, c.desired_stage, c.country, c.city_name,
			NEW.wanted_skill_keys, NEW.wanted_roles, NEW.industry, NEW.stage, NEW.country, NEW.city_name)
	FROM co_founders c
	WHERE m.startup_id = NEW.id AND c.id = m.co_founder_id
		AND m.score IS DISTINCT FROM co_founder_match_score(c.skill_keys, c.roles, c.industries, c.desired_stage, c.country, c.city_name,
			NEW.wanted_skill_keys, NEW.wanted_roles, NEW.industry, NEW.stage, NEW.country, NEW.city_name);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER co_founder_matches_startup_changed AFTER UPDATE ON startups FOR EACH ROW
	WHEN ((OLD.wanted_skill_keys, OLD.wanted_roles, OLD.industry, OLD.stage, OLD.country, OLD.city_name)
		IS DISTINCT FROM (NEW.wanted_skill_keys, NEW.wanted_roles, NEW.industry, NEW.stage, NEW.country, NEW.city_name))
	EXECUTE FUNCTION co_founder_matches_startup_changed();
--> statement-breakpoint
-- New profiles (set-based: one statement's rows at once): count them and score them for every filled startup.
CREATE FUNCTION co_founder_matches_profiles_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO co_founder_totals (id, total) SELECT 1, count(*) FROM new_rows
		ON CONFLICT (id) DO UPDATE SET total = co_founder_totals.total + excluded.total;
	PERFORM pg_advisory_xact_lock_shared(20260008, 0);
	INSERT INTO co_founder_matches (startup_id, co_founder_id, score, created_at)
	SELECT s.id, c.id,
		co_founder_match_score(c.skill_keys, c.roles, c.industries, c.desired_stage, c.country, c.city_name,
			s.wanted_skill_keys, s.wanted_roles, s.industry, s.stage, s.country, s.city_name),
		c.created_at
	FROM new_rows c CROSS JOIN co_founder_match_sets ms JOIN startups s ON s.id = ms.startup_id
	ON CONFLICT (startup_id, co_founder_id) DO UPDATE SET score = excluded.score, created_at = excluded.created_at;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER co_founder_matches_profiles_inserted AFTER INSERT ON co_founders
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION co_founder_matches_profiles_inserted();
--> statement-breakpoint
-- Changed profiles: rescore those whose scored fields (or created_at, the tie-break) changed.
CREATE FUNCTION co_founder_matches_profiles_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NOT EXISTS (
		SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
		WHERE (o.skill_keys, o.roles, o.industries, o.desired_stage, o.country, o.city_name, o.created_at)
			IS DISTINCT FROM (n.skill_keys, n.roles, n.industries, n.desired_stage, n.country, n.city_name, n.created_at)
	) THEN RETURN NULL; END IF;
	PERFORM pg_advisory_xact_lock_shared(20260008, 0);
	UPDATE co_founder_matches m SET
		score = co_founder_match_score(c.skill_keys, c.roles, c.industries, c.desired_stage, c.country, c.city_name,
			s.wanted_skill_keys, s.wanted_roles, s.industry, s.stage, s.country, s.city_name),
		created_at = c.created_at
	FROM co_founders c, startups s
	WHERE c.id = m.co_founder_id AND s.id = m.startup_id
		AND c.id IN (
			SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
			WHERE (o.skill_keys, o.roles, o.industries, o.desired_stage, o.country, o.city_name, o.created_at)
				IS DISTINCT FROM (n.skill_keys, n.roles, n.industries, n.desired_stage, n.country, n.city_name, n.created_at)
		);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER co_founder_matches_profiles_updated AFTER UPDATE ON co_founders
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION co_founder_matches_profiles_updated();
--> statement-breakpoint
-- Deleted profiles: their match rows cascade; the count goes down.
CREATE FUNCTION co_founder_totals_profiles_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE co_founder_totals SET total = total - (SELECT count(*) FROM old_rows) WHERE id = 1;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER co_founder_totals_profiles_deleted AFTER DELETE ON co_founders
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION co_founder_totals_profiles_deleted();
--> statement-breakpoint
CREATE FUNCTION co_founder_totals_profiles_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE co_founder_totals SET total = 0 WHERE id = 1;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER co_founder_totals_profiles_truncated AFTER TRUNCATE ON co_founders
	FOR EACH STATEMENT EXECUTE FUNCTION co_founder_totals_profiles_truncated();
--> statement-breakpoint
-- The existing profiles' count. Match rows need no backfill: each startup's are filled on its first search.
INSERT INTO co_founder_totals (id, total) SELECT 1, count(*)::int FROM co_founders;
