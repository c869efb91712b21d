import type { FrameworkSummary } from "#schemas/resources";
import { Badge } from "~/components/ui/layout";
import { TimeAgo } from "~/components/ui/time-ago";
import { InAppLink } from "~/components/ui/in-app-link";

/** A framework in the catalogue: what it is for, and how far the startup's canvas of it has come. */
export function FrameworkCard({ framework, showWhen = false }: { framework: FrameworkSummary; showWhen?: boolean }) {
  return (
    <li className="flex flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-semibold text-slate-900">
          <InAppLink to={`/resource-center/frameworks/${framework.type}`} className="hover:text-brand-700 hover:underline">
            {framework.name}
          </InAppLink>
        </h3>
        {framework.canvas ? <Badge tone="green">Version {framework.canvas.version}</Badge> : <Badge>Not started</Badge>}
      </div>
      <p className="mt-1 text-sm text-slate-600">{framework.summary}</p>
      {showWhen ? (
        <p className="mt-2 text-sm text-slate-600">
          <span className="font-medium text-slate-700">When to use it: </span>
          {framework.when_to_use}
        </p>
      ) : null}
      <p className="mt-auto pt-3 text-xs text-slate-600">
        {framework.box_count} boxes
        {framework.canvas ? (
          <>
            {" · last saved "}
            <TimeAgo iso={framework.canvas.updated_at} />
          </>
        ) : null}
      </p>
    </li>
  );
}
