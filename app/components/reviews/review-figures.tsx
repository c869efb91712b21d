import type { ReviewFigures, ReviewerProgress } from "#schemas/reviews";
import { InAppLink } from "~/components/ui/in-app-link";
import { Badge } from "~/components/ui/layout";

/**
 * An application's reviews in a line of the responses list: score, normalized score, spread, the votes, and
 * a link to the reviews themselves (each reviewer's scores and note, on the scoring screen).
 */
export function ReviewFiguresCell({ applicationId, figures }: { applicationId: number; figures: ReviewFigures | null }) {
  if (!figures || figures.count === 0) return <span className="text-slate-500">{figures ? "Not reviewed yet" : "—"}</span>;
  const { yes, maybe, no } = figures.recommendations;
  return (
    <div className="space-y-0.5 text-sm">
      <p>
        <span className="font-medium">{figures.score}</span>/100 · normalized {figures.normalized_score}
        {figures.discuss ? (
          <>
            {" "}
            <Badge tone="red" data-testid="discuss-flag">
              discuss
            </Badge>
          </>
        ) : null}
      </p>
      <p className="text-slate-500">
        <InAppLink to={`/reviews/${applicationId}`} className="text-brand-600 underline">
          {figures.count} {figures.count === 1 ? "review" : "reviews"}
        </InAppLink>
        {figures.spread !== null ? ` · spread ${figures.spread}` : ""} · {yes} yes, {maybe} maybe, {no} no
        {figures.complete ? "" : " · more to come"}
      </p>
    </div>
  );
}

/** Each reviewer's progress on the form: "Ada: 12 of 40". */
export function ReviewerProgressList({
  reviewers,
  threshold,
  withoutReviewer,
}: {
  reviewers: ReviewerProgress[];
  threshold: number;
  withoutReviewer: number;
}) {
  if (!reviewers.length) return null;
  return (
    <section aria-labelledby="reviewers-heading" className="mb-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="reviewers-heading" className="text-sm font-semibold text-slate-800">
        Reviewers
      </h2>
      <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700" data-testid="reviewer-progress">
        {reviewers.map((r) => (
          <li key={r.reviewer_id}>
            {r.name}: {r.submitted} of {r.assigned}
          </li>
        ))}
      </ul>
      {withoutReviewer ? (
        <p className="mt-2 text-sm font-medium text-amber-800" data-testid="without-reviewer">
          {withoutReviewer === 1 ? "1 application has" : `${withoutReviewer} applications have`} no reviewer (each declared a conflict, or
          none was free): give them out again in the form’s Reviewers section.
        </p>
      ) : null}
      <p className="mt-2 text-xs text-slate-500">
        Flagged “discuss” when the reviewers’ scores lie more than {threshold} apart. The normalized score weighs each reviewer against
        their own scoring on this form: 0 is their usual mark, +1 one spread above it, so a harsh and a lenient reviewer count the same.
      </p>
    </section>
  );
}
