import { InAppLink } from "~/components/ui/in-app-link";

/** /chat with no conversation open: the list is beside it (on a phone, the list is the whole screen). */
export default function ChatIndex() {
  return (
    <div className="flex h-full flex-col items-center justify-center p-8 text-center">
      <p className="font-semibold text-slate-800">Pick a conversation</p>
      <p className="mt-1 max-w-sm text-sm text-slate-600">
        Or start one with the Message button on a{" "}
        <InAppLink to="/startups?type=startup" className="text-brand-700 underline">
          startup's
        </InAppLink>{" "}
        or{" "}
        <InAppLink to="/co-founders/find" className="text-brand-700 underline">
          co-founder's
        </InAppLink>{" "}
        profile.
      </p>
    </div>
  );
}
