import type { CoFounderCardView } from "#schemas/co-founders";
import { COMMITMENT_LABELS } from "#schemas/profile-kinds";
import { FavoriteToggle } from "~/components/favorites/favorite-toggle";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/layout";
import { InviteForm } from "./invite-form";
import { PlaceName } from "~/components/places/flag";
import { InAppLink } from "~/components/ui/in-app-link";
import { MatchScore } from "./match-legend";

/** The match in words, as the API explains it: "3 shared skills: TypeScript, sales · same city". */
export function MatchSummary({ card, hasStartup }: { card: CoFounderCardView; hasStartup: boolean }) {
  if (!hasStartup) return null;
  return (
    <p className="text-sm text-slate-700" data-testid="match-explanation">
      <MatchScore match={card.match} />
      {card.match.explanation.length ? card.match.explanation.join(" · ") : "Nothing in common with what your startup looks for yet."}
    </p>
  );
}

interface CardProps {
  card: CoFounderCardView;
  /** The viewer has a startup: the score means something and Invite is offered. */
  hasStartup: boolean;
  /** The viewer may open profiles (co founder write). */
  canOpen: boolean;
}

export function CoFounderCard({ card, hasStartup, canOpen }: CardProps) {
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start"
      data-testid={`co-founder-${card.id}`}
    >
      <Avatar name={card.name} url={card.avatar_url} size="size-12" />
      <div className="min-w-0 flex-1 space-y-1.5">
        <h2 className="font-semibold text-slate-900">
          {canOpen ? (
            <InAppLink to={`/co-founders/${card.id}`} className="text-brand-700 hover:underline">
              {card.name}
            </InAppLink>
          ) : (
            card.name
          )}
        </h2>
        <p className="text-sm text-slate-600">{card.headline}</p>
        <p className="text-xs text-slate-500">
          <PlaceName city={card.cityName} country={card.country} /> · {COMMITMENT_LABELS[card.commitment]}
          {card.desired_stage ? ` · wants ${card.desired_stage}` : ""}
          {card.roles.length ? ` · ${card.roles.join(", ")}` : ""}
        </p>
        <ul className="flex flex-wrap gap-1" aria-label="Skills">
          {card.skills.map((skill) => (
            <li key={skill}>
              <Badge tone={card.match.shared_skills.includes(skill) ? "green" : "slate"}>{skill}</Badge>
            </li>
          ))}
        </ul>
        <MatchSummary card={card} hasStartup={hasStartup} />
      </div>
      <div className="flex items-center gap-2">
        {hasStartup ? (
          card.invitation_status === "pending" ? (
            <Badge tone="blue">Invitation pending</Badge>
          ) : (
            <InviteForm coFounderId={card.id} name={card.name} defaultRole={card.match.matching_roles[0]} />
          )
        ) : null}
        <FavoriteToggle type="co_founder" id={card.id} favorited={card.is_favorited} label={card.name} />
      </div>
    </li>
  );
}
