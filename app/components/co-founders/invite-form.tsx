import { useRef, useState } from "react";
import { Form, useNavigation, useSearchParams, Link } from "react-router";
import { CO_FOUNDER_ROLES } from "#schemas/profile-kinds";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";

/** The address parameter naming the co-founder whose invite form is open. */
export const INVITE_PARAM = "invite";

/** The current address with the invite form of `id` open, or with none open (`id` null). */
function inviteSearch(params: URLSearchParams, id: number | null) {
  const next = new URLSearchParams(params);
  if (id === null) next.delete(INVITE_PARAM);
  else next.set(INVITE_PARAM, String(id));
  return { search: next.toString() };
}

interface InviteProps {
  coFounderId: number;
  name: string;
  defaultRole?: string;
}

/**
 * "Invite" opens that one person's form (message, title and role), posting `intent=invite` to the page's
 * own action. A list renders one form, not one per card. With JavaScript the button only opens it, with
 * nothing loaded; without, it is a link to the same page with `?invite={id}`, which comes with that form
 * open and focused. The action keeps `?invite=` when the API refuses, so the form stays open to retry.
 */
export function InviteForm({ coFounderId, name, defaultRole }: InviteProps) {
  const [params] = useSearchParams();
  const [open, setOpen] = useState(() => params.get(INVITE_PARAM) === String(coFounderId));
  const toggle = useRef<HTMLAnchorElement>(null);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  // A plain click toggles in place; a modified click (new tab) still follows the link.
  const inPlace = (event: React.MouseEvent, action: () => void) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    action();
  };
  return (
    <div className="relative">
      <Link
        ref={toggle}
        to={inviteSearch(params, open ? null : coFounderId)}
        onClick={(event) => inPlace(event, () => setOpen(!open))}
        aria-expanded={open}
        className={buttonClass("primary", "sm")}
      >
        Invite
      </Link>
      {open ? (
        <OpenInviteForm
          coFounderId={coFounderId}
          name={name}
          defaultRole={defaultRole}
          cancel={
            <Link to={inviteSearch(params, null)} onClick={(event) => inPlace(event, close)} className={buttonClass("ghost", "sm")}>
              Cancel
            </Link>
          }
          onEscape={close}
        />
      ) : null}
    </div>
  );
}

function OpenInviteForm({
  coFounderId,
  name,
  defaultRole,
  cancel,
  onEscape,
}: InviteProps & { cancel: React.ReactNode; onEscape: () => void }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "invite" &&
    navigation.formData?.get("co_founder_id") === String(coFounderId);
  const id = `invite-${coFounderId}`;
  return (
    <Form
      method="post"
      onKeyDown={(event) => event.key === "Escape" && onEscape()}
      className="absolute right-0 z-10 mt-2 w-80 space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-left shadow-lg"
      aria-label={`Invite ${name}`}
    >
      <input type="hidden" name="intent" value="invite" />
      <input type="hidden" name="co_founder_id" value={coFounderId} />
      <label className="block text-sm" htmlFor={`${id}-message`}>
        <span className="mb-1 block font-medium text-slate-700">Message (optional)</span>
        {/* Focused when the form opens, with or without JavaScript (React writes the attribute into the page). */}
        <textarea
          id={`${id}-message`}
          name="message"
          rows={3}
          maxLength={1000}
          className={inputClass}
          placeholder={`Why ${name.split(" ")[0]} and your startup fit`}
          autoFocus
        />
      </label>
      <div className="grid grid-cols-2 gap-2">
        <label className="block text-sm" htmlFor={`${id}-title`}>
          <span className="mb-1 block font-medium text-slate-700">Title</span>
          <input id={`${id}-title`} name="title" maxLength={120} className={inputClass} placeholder="e.g. CTO" />
        </label>
        <label className="block text-sm" htmlFor={`${id}-role`}>
          <span className="mb-1 block font-medium text-slate-700">Role</span>
          <select id={`${id}-role`} name="role" defaultValue={defaultRole ?? ""} className={inputClass}>
            <option value="">Any</option>
            {CO_FOUNDER_ROLES.map((role) => (
              <option key={role}>{role}</option>
            ))}
          </select>
        </label>
      </div>
      <div className="flex items-center gap-2">
        <Button type="submit" size="sm" pending={pending}>
          Send invitation
        </Button>
        {cancel}
      </div>
    </Form>
  );
}
