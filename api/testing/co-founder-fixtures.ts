/** Test data for the co-founder and invitation API tests: startups that want things, profiles that offer them. */
import { registered } from "./fixtures.ts";
import type { TestApi } from "./harness.ts";

let counter = 0;

export interface StartupWants {
  wanted_skills?: string;
  wanted_roles?: string[];
  industry?: string;
  stage?: string;
  country?: string;
  cityName?: string;
}

/** A logged-in startup owner whose startup wants the given skills and roles. */
export async function startupOwner(t: TestApi, wants: StartupWants = {}) {
  const account = await registered(t, "Startup Owner");
  const form = new FormData();
  const values = {
    account_type: "startup",
    name: `Startup ${++counter}`,
    username: `cf-startup-${counter}-${Date.now().toString(36)}`,
    country: wants.country ?? "NG",
    cityName: wants.cityName ?? "Lagos",
    description: "Robots for small warehouses",
    industry: wants.industry ?? "Hardware",
    stage: wants.stage ?? "Seed",
    links: "[]",
    wanted_skills: wants.wanted_skills ?? "",
    wanted_roles: JSON.stringify(wants.wanted_roles ?? []),
  };
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  const res = await account.client.post("/api/v1/admin/startups/setup", form);
  if (res.status !== 201) throw new Error(`startup setup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...account, startup: res.body.startup as { id: number; name: string } };
}

export interface Offer {
  name?: string;
  headline?: string;
  skills?: string;
  roles?: string[];
  industries?: string[];
  commitment?: string;
  desired_stage?: string;
  country?: string;
  cityName?: string;
}

/** A logged-in co-founder with the given profile. */
export async function coFounderWith(t: TestApi, offer: Offer = {}) {
  const account = await registered(t, offer.name ?? "Co Founder");
  const form = new FormData();
  const values = {
    name: offer.name ?? `Person ${++counter}`,
    headline: offer.headline ?? "Builder",
    skills: offer.skills ?? "Knitting",
    country: offer.country ?? "KE",
    cityName: offer.cityName ?? "Nairobi",
    bio: "Likes to build.",
    links: "[]",
    roles: JSON.stringify(offer.roles ?? []),
    industries: JSON.stringify(offer.industries ?? []),
    commitment: offer.commitment ?? "full_time",
    desired_stage: offer.desired_stage ?? "",
  };
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  const res = await account.client.post("/api/v1/admin/profiles/setup", form);
  if (res.status !== 201) throw new Error(`co-founder setup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...account, profile: res.body.profile as { id: number; name: string } };
}
