-- The most co_founder_match_score can give for a startup's wants, beside the score it bounds (the same
-- weights): 3 for each wanted skill, 2 for a wanted role when it wants any, 2 for its industry, 1 for its
-- stage when it has one, 3 for the same city. A score is shown against it ("11 of 15").
CREATE FUNCTION co_founder_match_max(s_skills text[], s_roles text[], s_stage text) RETURNS integer
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	select (
		3 * coalesce(cardinality(s_skills), 0)
		+ case when coalesce(cardinality(s_roles), 0) > 0 then 2 else 0 end
		+ 2
		+ case when s_stage is not null then 1 else 0 end
		+ 3
	)::int
$$;
