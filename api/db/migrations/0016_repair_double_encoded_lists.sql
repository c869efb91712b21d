-- Lists the panel sent as JSON text were read by the API as comma-separated text, so a startup's "Skills
-- you want" typed as "robotics, typescript" was kept as the pieces of '["robotics","typescript"]' split at
-- its commas: {'["robotics"', '"typescript"]'} (an empty list as {'[]'}). Joined back with commas, such
-- pieces are that JSON list again: it is read, and its skills kept as keys (trimmed, lower-cased, no
-- repeats) as the API keeps them. Values that do not read back as a JSON list of text are left as they are,
-- so running this again, or on good rows, changes nothing. Co-founder skills are repaired the same way in
-- case any client sent them so. The choice lists (roles, industries) and links are checked against their
-- choices or as URLs on the way in, so pieces like these can never have been stored in them.
CREATE FUNCTION repair_split_json_list(pieces text[]) RETURNS text[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
	joined text := array_to_string(pieces, ',');
	decoded jsonb;
BEGIN
	IF pieces IS NULL OR joined NOT LIKE '[%]' THEN
		RETURN pieces;
	END IF;
	BEGIN
		decoded := joined::jsonb;
	EXCEPTION WHEN others THEN
		RETURN pieces;
	END;
	IF jsonb_typeof(decoded) <> 'array' OR EXISTS (SELECT 1 FROM jsonb_array_elements(decoded) AS item WHERE jsonb_typeof(item) <> 'string') THEN
		RETURN pieces;
	END IF;
	RETURN ARRAY(SELECT btrim(skill) FROM jsonb_array_elements_text(decoded) AS skill WHERE btrim(skill) <> '');
END $$;
--> statement-breakpoint
-- Skills as the API compares them: trimmed, lower-cased, each once, in their first order.
CREATE FUNCTION repair_skill_keys(skills text[]) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
	SELECT coalesce(array_agg(skill_key ORDER BY first), '{}'::text[])
	FROM (SELECT lower(btrim(skill)) AS skill_key, min(position) AS first
		FROM unnest(skills) WITH ORDINALITY AS given(skill, position) WHERE btrim(skill) <> '' GROUP BY 1) AS keys
$$;
--> statement-breakpoint
UPDATE startups SET wanted_skill_keys = repair_skill_keys(repair_split_json_list(wanted_skill_keys))
WHERE repair_split_json_list(wanted_skill_keys) IS DISTINCT FROM wanted_skill_keys;
--> statement-breakpoint
UPDATE co_founders SET
	skills = to_jsonb(repaired.skills),
	skill_keys = repair_skill_keys(repaired.skills)
FROM (
	SELECT id, repair_split_json_list(ARRAY(SELECT jsonb_array_elements_text(skills))) AS skills, ARRAY(SELECT jsonb_array_elements_text(skills)) AS stored
	FROM co_founders WHERE jsonb_typeof(skills) = 'array'
) AS repaired
WHERE co_founders.id = repaired.id AND repaired.skills IS DISTINCT FROM repaired.stored;
--> statement-breakpoint
DROP FUNCTION repair_skill_keys(text[]);
--> statement-breakpoint
DROP FUNCTION repair_split_json_list(text[]);
