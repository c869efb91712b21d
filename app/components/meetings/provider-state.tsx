import type { MeetingConnectionState } from "#schemas/meetings";
import { Badge } from "~/components/ui/layout";

/** Connected, not connected, or not set up on the server: the one badge both integration pages show. */
export function ConnectionBadge({ state }: { state: MeetingConnectionState }) {
  if (!state.configured) return <Badge tone="red">Not configured</Badge>;
  return state.connected ? <Badge tone="green">Connected</Badge> : <Badge>Not connected</Badge>;
}

/** What an administrator must do before anyone can connect: the exact settings, and the callback to register. */
export function NotConfiguredNotice({ state }: { state: MeetingConnectionState }) {
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" data-testid={`not-configured-${state.slug}`}>
      <p className="font-medium">{state.label} is not set up on this server yet.</p>
      <p className="mt-1">
        An administrator sets{" "}
        {state.missing_settings.map((name, i) => (
          <span key={name}>
            {i > 0 ? " and " : null}
            <code className="rounded bg-amber-100 px-1">{name}</code>
          </span>
        ))}{" "}
        (from the {state.label === "Zoom" ? "Zoom App Marketplace" : "Google Cloud console"}), registers the redirect URL{" "}
        <code className="break-all rounded bg-amber-100 px-1">{state.callback_url}</code> there, and restarts the app.
      </p>
    </div>
  );
}
