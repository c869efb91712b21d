import type { GuideSummary } from "#schemas/resources";
import { Badge } from "~/components/ui/layout";
import { InAppLink } from "~/components/ui/in-app-link";

export function GuideCard({ guide }: { guide: GuideSummary }) {
  return (
    <li className="flex flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center gap-2 text-xs text-slate-600">
        <Badge tone="blue">{guide.category}</Badge>
        <span>{guide.reading_minutes} min read</span>
      </div>
      <h3 className="mt-3 font-semibold text-slate-900">
        <InAppLink to={`/resource-center/guides/${guide.slug}`} className="hover:text-brand-700 hover:underline">
          {guide.title}
        </InAppLink>
      </h3>
      <p className="mt-1 text-sm text-slate-600">{guide.summary}</p>
    </li>
  );
}
