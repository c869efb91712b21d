import { Form, useNavigation } from "react-router";
import { CO_FOUNDER_ROLES } from "../../../schemas/co-founders";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";

/**
 * "Invite" opens a small form (a native <details>, so it works without JavaScript) with an optional
 * message, title and role. It posts `intent=invite` to the page's own action.
 */
export function InviteForm({ coFounderId, name, defaultRole }: { coFounderId: number; name: string; defaultRole?: string }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "invite" && navigation.formData?.get("co_founder_id") === String(coFounderId);
  const id = `invite-${coFounderId}`;
  return (
    <details className="group relative">
      <summary className={`${buttonClass("primary", "sm")} cursor-pointer list-none`}>Invite</summary>
      <Form method="post" className="absolute right-0 z-10 mt-2 w-80 space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-left shadow-lg" aria-label={`Invite ${name}`}>
        <input type="hidden" name="intent" value="invite" />
        <input type="hidden" name="co_founder_id" value={coFounderId} />
        <label className="block text-sm" htmlFor={`${id}-message`}>
          <span className="mb-1 block font-medium text-slate-700">Message (optional)</span>
          <textarea id={`${id}-message`} name="message" rows={3} maxLength={1000} className={inputClass} placeholder={`Why ${name.split(" ")[0]} and your startup fit`} />
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
        <Button type="submit" size="sm" pending={pending}>
          Send invitation
        </Button>
      </Form>
    </details>
  );
}
