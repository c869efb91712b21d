import { Link } from "react-router";

/** /chat with no conversation open: the list is beside it (on a phone, the list is the whole screen). */
export default function ChatIndex() {
  return (
    <div className="flex h-full flex-col items-center justify-center p-8 text-center">
      <p className="font-semibold text-slate-800">Pick a conversation</p>
      <p className="mt-1 max-w-sm text-sm text-slate-600">
        Or start one with the Message button on a{" "}
        <Link to="/startups" className="text-brand-700 underline">
          startup's
        </Link>{" "}
        or{" "}
        <Link to="/co-founders/find" className="text-brand-700 underline">
          co-founder's
        </Link>{" "}
        profile.
      </p>
    </div>
  );
}
