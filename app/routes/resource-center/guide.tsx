import { API } from "#schemas/contract/index";
import { MarkdownView } from "~/components/resource-center/markdown-view";
import { Badge } from "~/components/ui/layout";
import { apiContext } from "~/lib/contexts";
import { requirePermission } from "~/lib/guards.server";
import type { Route } from "./+types/guide";
import { InAppLink } from "~/components/ui/in-app-link";

export async function loader({ params, context }: Route.LoaderArgs) {
  requirePermission(context, "resource center read");
  const answer = await context.get(apiContext).answer(API.showGuide, { params: { slug: params.slug } });
  return answer.guide;
}

export default function Guide({ loaderData: guide }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-3xl">
      <InAppLink to="/resource-center" className="text-sm text-brand-700 hover:underline">
        ← Resource center
      </InAppLink>
      <header className="mt-3 mb-2">
        <h1 className="text-3xl font-bold text-slate-900">{guide.title}</h1>
        <p className="mt-2 text-lg text-slate-600">{guide.summary}</p>
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
          <InAppLink
            to={`/resource-center?category=${encodeURIComponent(guide.category)}`}
            aria-label={`More guides about ${guide.category}`}
          >
            <Badge tone="blue">{guide.category}</Badge>
          </InAppLink>
          <span>{guide.reading_minutes} min read</span>
        </p>
      </header>
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8 [&>div>:first-child]:mt-0">
        <MarkdownView source={guide.body} />
      </div>
    </article>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.title ?? "Guide"} · Resource center · Launchpad` }];
