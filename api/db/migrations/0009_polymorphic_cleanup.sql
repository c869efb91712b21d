-- follows and favorites name their accounts and targets by (type, id), which no foreign key can check, so
-- these triggers do what ON DELETE CASCADE does for ordinary references: when a startup, organization,
-- co-founder profile or event form is deleted, the rows that name it go in the same transaction. (Before,
-- the favorites list deleted dangling rows on every read.)
CREATE FUNCTION community_forget_account() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	-- A startups row carries its kind (startup or organization); co_founders rows have no such column.
	kind text := coalesce(to_jsonb(OLD) ->> 'account_type', 'co_founder');
BEGIN
	-- Whom the account followed lose a follower, as an unfollow would take it.
	UPDATE startups s SET followers_count = greatest(s.followers_count - 1, 0)
	FROM follows f WHERE f.follower_type = kind AND f.follower_id = OLD.id AND f.followee_type <> 'co_founder' AND s.id = f.followee_id;
	UPDATE co_founders c SET followers_count = greatest(c.followers_count - 1, 0)
	FROM follows f WHERE f.follower_type = kind AND f.follower_id = OLD.id AND f.followee_type = 'co_founder' AND c.id = f.followee_id;
	DELETE FROM follows WHERE (follower_type = kind AND follower_id = OLD.id) OR (followee_type = kind AND followee_id = OLD.id);
	DELETE FROM favorites WHERE favoritable_type = kind AND favoritable_id = OLD.id;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER community_forget_startup AFTER DELETE ON startups FOR EACH ROW EXECUTE FUNCTION community_forget_account();
--> statement-breakpoint
CREATE TRIGGER community_forget_co_founder AFTER DELETE ON co_founders FOR EACH ROW EXECUTE FUNCTION community_forget_account();
--> statement-breakpoint
CREATE FUNCTION community_forget_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM favorites WHERE favoritable_type = 'event' AND favoritable_id = OLD.id;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER community_forget_event AFTER DELETE ON event_forms FOR EACH ROW EXECUTE FUNCTION community_forget_event();
--> statement-breakpoint
-- Rows left dangling before these triggers existed.
DELETE FROM favorites f WHERE
	(f.favoritable_type IN ('startup', 'organization') AND NOT EXISTS (SELECT 1 FROM startups s WHERE s.id = f.favoritable_id))
	OR (f.favoritable_type = 'co_founder' AND NOT EXISTS (SELECT 1 FROM co_founders c WHERE c.id = f.favoritable_id))
	OR (f.favoritable_type = 'event' AND NOT EXISTS (SELECT 1 FROM event_forms e WHERE e.id = f.favoritable_id));
--> statement-breakpoint
DELETE FROM follows f WHERE
	(f.follower_type = 'co_founder' AND NOT EXISTS (SELECT 1 FROM co_founders c WHERE c.id = f.follower_id))
	OR (f.follower_type <> 'co_founder' AND NOT EXISTS (SELECT 1 FROM startups s WHERE s.id = f.follower_id))
	OR (f.followee_type = 'co_founder' AND NOT EXISTS (SELECT 1 FROM co_founders c WHERE c.id = f.followee_id))
	OR (f.followee_type <> 'co_founder' AND NOT EXISTS (SELECT 1 FROM startups s WHERE s.id = f.followee_id));
