import type { ReactNode } from "react";
import { Form } from "react-router";
import type { UserListItem } from "#schemas/access";
import { Button, buttonClass } from "~/components/ui/button";
import { InAppLink } from "~/components/ui/in-app-link";

/** The query parameter that opens the confirmation of a deactivation on the users list. */
export const CONFIRM_DEACTIVATE = "deactivate";

/** The list's address (its path and query) with or without the confirmation of one user's deactivation open. */
export function withConfirmation(address: { pathname: string; search: string }, userId: number | null): string {
  const params = new URLSearchParams(address.search);
  if (userId === null) params.delete(CONFIRM_DEACTIVATE);
  else params.set(CONFIRM_DEACTIVATE, String(userId));
  const query = params.toString();
  return address.pathname + (query ? `?${query}` : "");
}

/**
 * What the caller may do to one user, and only that, as the API's `can` says: the roles editor with the
 * roles they may give or take away, and Deactivate (behind a confirmation: it logs the user out everywhere)
 * or Reactivate.
 */
export function UserActions({
  user,
  roles,
  address,
  confirming,
}: {
  user: UserListItem;
  roles: { id: number; name: string }[];
  /** The list's address, kept by the confirmation's links. */
  address: { pathname: string; search: string };
  /** The confirmation of this user's deactivation is open. */
  confirming: boolean;
}) {
  const editable = roles.filter((role) => user.can.roles.includes(role.id));
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {editable.length ? <RoleEditor user={user} editable={editable} /> : null}
      {!user.can.set_status ? null : user.is_active ? (
        confirming ? (
          <ConfirmDeactivation user={user} address={address} />
        ) : (
          <InAppLink to={withConfirmation(address, user.id)} className={buttonClass("secondary", "sm")}>
            Deactivate
          </InAppLink>
        )
      ) : (
        <StatusForm user={user} active>
          <button type="submit" className={buttonClass("primary", "sm")}>
            Reactivate
          </button>
        </StatusForm>
      )}
    </div>
  );
}

function StatusForm({ user, active, children }: { user: UserListItem; active: boolean; children: ReactNode }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="user_id" value={user.id} />
      <input type="hidden" name="is_active" value={String(active)} />
      {children}
    </Form>
  );
}

/** The second step of Deactivate: a page of its own without JavaScript, so nothing is lost to a stray click. */
function ConfirmDeactivation({ user, address }: { user: UserListItem; address: { pathname: string; search: string } }) {
  return (
    <div
      role="group"
      aria-labelledby={`confirm-deactivate-${user.id}`}
      className="w-64 rounded-lg border border-red-200 bg-red-50 p-3 text-left"
    >
      <p id={`confirm-deactivate-${user.id}`} className="text-sm text-slate-800">
        Deactivate {user.name}? They are logged out everywhere at once and cannot log in until reactivated.
      </p>
      <div className="mt-2 flex gap-2">
        <StatusForm user={user} active={false}>
          <button type="submit" className={buttonClass("danger", "sm")} autoFocus>
            Yes, deactivate
          </button>
        </StatusForm>
        <InAppLink to={withConfirmation(address, null)} className={buttonClass("ghost", "sm")}>
          Cancel
        </InAppLink>
      </div>
    </div>
  );
}

/**
 * The roles the caller may change, as checkboxes. The roles they may not touch (super admin, for an admin)
 * are not offered: the ones the user holds travel as they are, so saving keeps them.
 */
function RoleEditor({ user, editable }: { user: UserListItem; editable: { id: number; name: string }[] }) {
  const assigned = new Set(user.roles.map((r) => r.id));
  const kept = user.roles.filter((role) => !user.can.roles.includes(role.id));
  return (
    // Opens in the row's flow, on a line of its own: a drop-down pinned to the button would be clipped by the
    // table's scroll frame under a short list, and reach past a phone card's left edge.
    <details className="text-left open:basis-full">
      <summary className={`${buttonClass("secondary", "sm")} cursor-pointer list-none`}>Roles</summary>
      <Form method="post" className="mt-2 w-60 max-w-full space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-lg">
        <input type="hidden" name="intent" value="roles" />
        <input type="hidden" name="user_id" value={user.id} />
        <p className="text-xs font-semibold uppercase text-slate-500">Roles of {user.name}</p>
        {editable.map((role) => (
          <label key={role.id} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="roles" value={role.id} defaultChecked={assigned.has(role.id)} />
            {role.name}
          </label>
        ))}
        {kept.map((role) => (
          <input key={role.id} type="hidden" name="roles" value={role.id} />
        ))}
        {kept.length ? <p className="text-xs text-slate-600">Kept as they are: {kept.map((role) => role.name).join(", ")}.</p> : null}
        <Button type="submit" size="sm" className="w-full">
          Save roles
        </Button>
      </Form>
    </details>
  );
}
