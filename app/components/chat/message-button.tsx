import { Form, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";

/**
 * "Message" on a profile: a plain form to /chat/start, which finds or starts the conversation and opens
 * it (no JavaScript needed). `target` names whom: a startup (its owner) or a co-founder profile.
 */
export function MessageButton({ target, name }: { target: { startup_id: number } | { co_founder_id: number }; name: string }) {
  const location = useLocation();
  const [field, id] = Object.entries(target)[0];
  return (
    <Form method="post" action="/chat/start">
      <input type="hidden" name={field} value={id} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" className={buttonClass("secondary", "md")} aria-label={`Message ${name}`}>
        Message
      </button>
    </Form>
  );
}
