import { MATCH_LEGEND } from "#schemas/co-founder-match";

/** A match as the figure it is ranked by, with the points behind it: "73% match (11 of 15)". */
export function MatchScore({ match }: { match: { score: number; max: number; percent: number } }) {
  return (
    <span className="mr-2 inline-flex rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-brand-700">
      {`${match.percent}% match (${match.score} of ${match.max})`}
    </span>
  );
}

/** What a match score counts, folded under the list's filters. */
export function MatchLegend() {
  return (
    <details className="mb-4 rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm text-slate-700" data-testid="match-legend">
      <summary className="cursor-pointer font-medium text-slate-900">How the match is scored</summary>
      <p className="mt-2">
        Points for what the startup looks for, out of the most its wants can give (a startup that wants three skills can score 3 for each).
        The percentage is the points out of that most, so a startup that asks for little and one that asks for much compare fairly: the list
        is ranked by it.
      </p>
      <ul className="mt-1 mb-1 list-disc space-y-0.5 pl-5">
        {MATCH_LEGEND.map((entry) => (
          <li key={entry.what}>
            <strong>{entry.points}</strong> for {entry.what}
          </li>
        ))}
      </ul>
    </details>
  );
}
