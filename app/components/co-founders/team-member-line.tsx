import type { TeamMemberView } from "#schemas/co-founders";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/layout";

/** One person of a team as every team list shows them: avatar, name, then title · role (and `detail`). */
export function TeamMemberLine({
  member,
  detail,
}: {
  member: Pick<TeamMemberView, "name" | "avatar_url" | "title" | "role"> & { on_platform?: boolean };
  detail?: string | null;
}) {
  return (
    <>
      <Avatar name={member.name} url={member.avatar_url} size="size-10" />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {member.name} {member.on_platform === false ? <Badge>Not on Launchpad</Badge> : null}
        </p>
        <p className="text-sm text-slate-600">
          {member.title} · {member.role}
          {detail ? ` · ${detail}` : ""}
        </p>
      </div>
    </>
  );
}
