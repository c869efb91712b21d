import type { EventPageAttendee } from "#schemas/event-pages";
import { counted } from "#schemas/plural";
import { Avatar } from "~/components/ui/avatar";

/** Who is going: the accepted attendees who agreed to be shown, and how many are accepted in all. */
export function Attendees({ attendees, total }: { attendees: EventPageAttendee[]; total: number }) {
  if (total === 0) return null;
  const others = total - attendees.length;
  return (
    <section aria-labelledby="attendees-heading" className="space-y-3">
      <h2 id="attendees-heading" className="text-lg font-semibold text-slate-900">
        {counted(total, "person", "people")} going
      </h2>
      {attendees.length ? (
        <ul className="flex flex-wrap gap-3">
          {attendees.map((person, index) => (
            <li key={`${person.name}-${index}`} className="flex items-center gap-2 rounded-full bg-slate-100 py-1 pr-3 pl-1 text-sm">
              <Avatar name={person.name} url={person.avatar_url} />
              <span className="text-slate-800">{person.name}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {others > 0 && attendees.length ? <p className="text-sm text-slate-600">and {counted(others, "other")}</p> : null}
    </section>
  );
}
