import { Form, useLocation } from "react-router";
import type { CurrentUser } from "#schemas/auth";
import { ROLE_LABELS } from "#schemas/organization-roles";
import { Button } from "~/components/ui/button";
import { activeItem, NAVIGATION, visibleNavigation } from "./navigation";

/** Where the switcher posts: a panel action that asks the API and comes back (app/routes/account/current-organization.ts). */
export const SWITCH_ORGANIZATION_PATH = "/current-organization";

/** The value of "act as myself": the form sends it blank, the API takes it as null. */
const MYSELF = "";

export interface OrganizationChoices {
  current: string;
  options: { value: string; label: string }[];
}

/**
 * What the header's switcher offers: every organization of the account, with its role there, and the
 * account's own co-founder profile beside them. Nothing when there is nothing to switch between (one
 * organization and no profile of one's own, or no organization at all).
 */
export function organizationChoices(
  user: Pick<CurrentUser, "organizations" | "current_organization_id" | "co_founder_id">,
): OrganizationChoices | null {
  const myself = user.co_founder_id !== null;
  if (user.organizations.length === 0 || user.organizations.length + (myself ? 1 : 0) < 2) return null;
  const options = user.organizations.map((o) => ({ value: String(o.id), label: `${o.name} (${ROLE_LABELS[o.role]})` }));
  if (myself) options.push({ value: MYSELF, label: "Myself (co-founder profile)" });
  return { current: user.current_organization_id === null ? MYSELF : String(user.current_organization_id), options };
}

/**
 * Where a switch lands: the page it was made on, unless the account's role in the organization it now acts for
 * does not open that screen (home then), or the page is one record of the organization left (an id in its
 * path), which names nothing in the next one (the menu's screen it belongs to then). The query is left behind
 * too, as its filters (a collection, a form) were the old organization's.
 */
export function pageAfterSwitch(path: string, user: Parameters<typeof visibleNavigation>[0]): string {
  const { pathname } = new URL(path, "http://panel.invalid");
  const screen = activeItem(pathname, NAVIGATION);
  const shown = activeItem(pathname, visibleNavigation(user));
  if (screen !== shown) return "/";
  if (!/\/\d+(\/|$)/.test(pathname)) return pathname;
  return shown ?? "/";
}

/** A plain form, so switching works without JavaScript: the action answers with a redirect back to this page. */
export function OrganizationSwitcher({ choices }: { choices: OrganizationChoices }) {
  const location = useLocation();
  return (
    <Form method="post" action={SWITCH_ORGANIZATION_PATH} className="flex items-center gap-2" data-testid="organization-switcher">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="organization-switcher" className="sr-only text-sm font-medium text-slate-700 md:not-sr-only">
        Acting for
      </label>
      {/* Keyed by the current choice: after a switch the select shows the new one, not what React kept. */}
      <select
        key={choices.current}
        id="organization-switcher"
        name="organization_id"
        defaultValue={choices.current}
        className="field-input max-w-48 py-1 text-sm"
      >
        {choices.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Button type="submit" size="sm" variant="secondary">
        Switch
      </Button>
    </Form>
  );
}
