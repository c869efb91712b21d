import { Avatar } from "~/components/ui/avatar";
import { Badge, Card, PageHeader } from "~/components/ui/layout";
import { apiContext, userContext } from "~/lib/contexts";
import { can } from "~/lib/guards.server";
import { roleCan } from "~/lib/permissions";
import { CountryName } from "~/components/places/flag";
import { API } from "#schemas/contract/index";
import type { Route } from "./+types/home";
import { InAppLink } from "~/components/ui/in-app-link";
import { counted } from "#schemas/plural";

const NEWCOMER_MS = 24 * 60 * 60 * 1000;

export async function loader({ context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const user = context.get(userContext);
  const [current, details] = await Promise.all([
    api.answer(API.currentProfile, {}),
    // Only a member who edits the profile has details to complete; a refusal just leaves the step out.
    user.startup_id && roleCan(user, "organization.profile") ? api.request(API.listStartupDetails, {}) : null,
  ]);
  const completeness = details?.ok ? details.body.completeness : null;
  const place = current.startup ?? current.profile;
  const steps = [
    { done: Boolean(user.avatar_url), text: "Add a profile picture so people recognise you", to: "/account" },
    ...(completeness !== null && completeness < 100
      ? [{ done: false, text: `Complete your startup details (${completeness}%)`, to: "/startup-details" }]
      : []),
    ...(can(user, "user read") ? [{ done: false, text: "Review the people using Launchpad", to: "/user-management/users" }] : []),
    ...(can(user, "role read") ? [{ done: false, text: "Check what each role may do", to: "/user-management/roles" }] : []),
  ];
  return {
    user: { name: user.name, avatar_url: user.avatar_url, roles: user.roles },
    // "Welcome back" is for someone coming back: on the account's first day it would greet a newcomer so.
    greeting: Date.now() - Date.parse(user.created_at) < NEWCOMER_MS ? "Welcome" : "Welcome back",
    startup: current.startup,
    profile: current.profile,
    country: place?.country ?? "",
    steps,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { user, greeting, startup, profile, country, steps } = loaderData;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={`${greeting}, ${user.name.split(" ")[0]}`} description="Here is your profile at a glance and what to do next." />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          {startup ? (
            <div className="flex items-start gap-4" data-testid="profile-summary">
              <Avatar name={startup.name} url={startup.logo_url} size="size-16" />
              <div className="min-w-0 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="text-xl font-semibold">{startup.name}</h2>
                  <Badge tone="blue">{startup.account_type === "startup" ? "Startup" : "Organization"}</Badge>
                </div>
                <p className="text-sm text-slate-500">
                  @{startup.username} · {startup.cityName}, <CountryName code={country} /> · {startup.industry}
                  {startup.stage ? ` · ${startup.stage}` : ""}
                </p>
                <p className="text-slate-700">{startup.description}</p>
                <p className="text-sm text-slate-500">{counted(startup.followers_count, "follower")}</p>
                <ProfileLinks links={[...(startup.website ? [startup.website] : []), ...startup.links]} />
              </div>
            </div>
          ) : profile ? (
            <div className="flex items-start gap-4" data-testid="profile-summary">
              <Avatar name={profile.name} url={profile.avatar_url} size="size-16" />
              <div className="min-w-0 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="text-xl font-semibold">{profile.name}</h2>
                  <Badge tone="blue">Co-founder</Badge>
                </div>
                <p className="text-sm text-slate-500">
                  {profile.headline} · {profile.cityName}, <CountryName code={country} />
                </p>
                <p className="text-slate-700">{profile.bio}</p>
                <ul className="flex flex-wrap gap-1 pt-1">
                  {profile.skills.map((skill) => (
                    <li key={skill}>
                      <Badge>{skill}</Badge>
                    </li>
                  ))}
                </ul>
                <ProfileLinks links={profile.links} />
              </div>
            </div>
          ) : null}
        </Card>
        <Card>
          <h2 className="mb-3 font-semibold">Next steps</h2>
          <ul className="space-y-3 text-sm">
            {steps.map((step) => (
              <li key={step.text} className="flex gap-2">
                <span aria-hidden className={step.done ? "text-green-600" : "text-slate-400"}>
                  {step.done ? "✓" : "○"}
                </span>
                {step.to && !step.done ? (
                  <InAppLink to={step.to} className="text-brand-600 hover:underline">
                    {step.text}
                  </InAppLink>
                ) : (
                  <span className={step.done ? "text-slate-500 line-through" : ""}>{step.text}</span>
                )}
              </li>
            ))}
          </ul>
          <p className="mt-4 text-xs text-slate-500">Your roles: {user.roles.join(", ") || "none"}</p>
        </Card>
      </div>
    </div>
  );
}

function ProfileLinks({ links }: { links: string[] }) {
  if (!links.length) return null;
  return (
    <ul className="flex flex-wrap gap-3 pt-1 text-sm">
      {links.map((link) => (
        <li key={link}>
          <a href={link} className="text-brand-600 hover:underline" rel="noopener noreferrer nofollow" target="_blank">
            {new URL(link).hostname.replace(/^www\./, "")}
          </a>
        </li>
      ))}
    </ul>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Home · Launchpad" }];
