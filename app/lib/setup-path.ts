import { parseId } from "#schemas/ids";

/*
 * A member without a profile sets it up first, wherever they were headed. The one place worth coming back
 * to is an event's application form (the link an organiser shares): its form id rides along through
 * /setup and is where setup ends.
 */

/** A team's join page (/team/join/{token}): an invited member joins an organization, which is their setup. */
const TEAM_JOIN = /^\/team\/join\/[^/]+$/;

/**
 * /setup for someone headed to `target`, keeping the event form they came for; someone invited to a team
 * goes straight back to the invitation instead, since joining sets the account up.
 */
export function setupPathFor(target: URL): string {
  if (TEAM_JOIN.test(target.pathname)) return target.pathname;
  const formId = parseId(target.searchParams.get("form_id"));
  return formId === undefined ? "/setup" : `/setup?form_id=${formId}`;
}

/** After setup, to the form the user came for (form_id in /setup's address), otherwise home. */
export function afterSetupPath(setup: URL): string {
  const formId = parseId(setup.searchParams.get("form_id"));
  return formId === undefined ? "/" : `/form-submission?form_id=${formId}`;
}
