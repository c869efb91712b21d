import type { ReviewReading } from "#schemas/review-queue";
import { DataTable } from "~/components/ui/data-table";
import { Card } from "~/components/ui/layout";

const RECOMMENDATION_LABELS = { yes: "Yes", maybe: "Maybe", no: "No" } as const;

/** The other reviewers' submitted reviews: shown once the reader's own is in (or to a manager who does not review). */
export function OtherReviews({ criteria, others }: { criteria: ReviewReading["criteria"]; others: NonNullable<ReviewReading["others"]> }) {
  return (
    <Card data-testid="other-reviews">
      <h2 className="mb-3 text-lg font-semibold">The other reviewers</h2>
      {others.length === 0 ? (
        <p className="text-sm text-slate-600">No other reviewer has submitted a review yet.</p>
      ) : (
        <DataTable
          caption="The other reviewers' scores"
          rows={others}
          rowKey={(other) => other.reviewer_id}
          columns={[
            { label: "Reviewer", cell: (other) => other.reviewer_name, rowHeader: true },
            ...criteria.map((criterion) => ({
              label: criterion.name,
              key: `criterion-${criterion.id}`,
              alignRight: true,
              cell: (other: (typeof others)[number]) => {
                const score = other.scores[String(criterion.id)];
                return score === undefined ? "—" : `${score} / ${criterion.scale_max}`;
              },
            })),
            {
              label: "Recommendation",
              cell: (other) => (other.recommendation ? RECOMMENDATION_LABELS[other.recommendation] : "—"),
            },
            { label: "Note", cell: (other) => <span className="whitespace-pre-line">{other.note ?? ""}</span> },
          ]}
        />
      )}
    </Card>
  );
}
