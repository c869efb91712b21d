import { z } from "zod";
import { withJsonLists } from "./api-multipart.ts";
import { headerText, imageField, linksField, optionalText, requiredText, storableString, urlField } from "./fields.ts";
import { CO_FOUNDER_ROLES, COMMITMENTS, INDUSTRIES, STAGES } from "./profile-kinds.ts";

// The profile's choices stand without the form library (profile-kinds.ts); re-exported for the forms and the API.
export * from "./profile-kinds.ts";

export const USERNAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,28}[a-z0-9])$/;

const countryField = z
  .string({ error: "The country field is required." })
  .trim()
  .toUpperCase()
  .min(1, "The country field is required.")
  .regex(/^[A-Z]{2}$/, "The country field must be a two-letter country code.");

/** "required" when missing, "invalid" when it is not one of the choices. */
const choice = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === "" ? `The ${label} field is required.` : `The selected ${label} is invalid.`,
  });

/** A multi-choice list (checkboxes): optional, each value one of the choices, no repeats. */
const choiceList = <T extends readonly [string, ...string[]]>(label: string, one: string, values: T, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : typeof v === "string" ? [v] : v),
    z
      .array(z.enum(values, { error: `The selected ${one} is invalid.` }), { error: `The ${label} field must be a list.` })
      .max(max, `The ${label} field must not have more than ${max} items.`)
      .transform((list) => [...new Set(list)]),
  );

/**
 * Skills: a list (JSON clients, and the panel's body to the API), or one comma-separated text field (the
 * form's input). Trimmed, blanks dropped, repeats removed. The text's blanks go before the list is checked:
 * the panel's form parser reads an empty item as a missing one, which would be refused as "not text" on an
 * item the form has no place to show, instead of "required" on the field.
 */
const skillList = (label: string, min: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.split(",").filter((skill) => skill.trim()) : value),
    z
      .array(z.string({ error: "Each skill must be text." }), { error: `The ${label} field is required.` })
      .transform((skills) => [...new Set(skills.map((skill) => skill.trim()).filter(Boolean))])
      .pipe(
        z
          .array(storableString().max(40, "Each skill must not be greater than 40 characters."))
          .min(min, `The ${label} field is required.`)
          .max(20, `The ${label} field must not have more than 20 items.`),
      ),
  );

export const startupSetupSchema = z
  .object({
    account_type: z.enum(["startup", "organization"], { error: "The account type field must be startup or organization." }),
    name: headerText("name", 120),
    username: z
      .string({ error: "The username field is required." })
      .trim()
      .toLowerCase()
      .min(1, "The username field is required.")
      .regex(USERNAME_PATTERN, "The username must be 3 to 30 letters, digits or dashes, starting and ending with a letter or digit."),
    logo: imageField("logo"),
    country: countryField,
    cityName: requiredText("city", 120),
    description: requiredText("description", 2000),
    industry: choice("industry", INDUSTRIES),
    stage: choice("stage", STAGES).optional(),
    website: z.preprocess((v) => (v === "" ? undefined : v), urlField("website").optional()),
    links: linksField,
    /** What the startup looks for in a co-founder (optional): compared by the match score. */
    wanted_skills: z
      .preprocess((v) => (v === null ? undefined : v), skillList("wanted skills", 0).optional())
      .transform((skills) => skills ?? []),
    wanted_roles: choiceList("wanted roles", "role", CO_FOUNDER_ROLES, CO_FOUNDER_ROLES.length),
  })
  .refine((value) => value.account_type !== "startup" || Boolean(value.stage), {
    path: ["stage"],
    message: "The stage field is required for a startup.",
    // Reported alongside the other fields' errors, not only once they are all fixed.
    when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === "account_type" || issue.path?.[0] === "stage"),
  });
export type StartupSetup = z.infer<typeof startupSetupSchema>;

/** Skills arrive as a list or as one comma-separated text field (the form's input): see `skillList`. */
const skillsField = skillList("skills", 1);

export const coFounderSetupSchema = z.object({
  name: headerText("name", 120),
  headline: requiredText("headline", 160),
  skills: skillsField,
  country: countryField,
  cityName: requiredText("city", 120),
  bio: requiredText("bio", 2000),
  links: linksField,
  avatar: imageField("avatar"),
  // What co-founder matching reads; all optional so a short setup still works.
  roles: choiceList("roles", "role", CO_FOUNDER_ROLES, CO_FOUNDER_ROLES.length),
  industries: choiceList("industries", "industry", INDUSTRIES, 5),
  commitment: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.enum(COMMITMENTS, { error: "The selected commitment is invalid." }).default("full_time"),
  ),
  desired_stage: z.preprocess((v) => (v === "" || v === null ? undefined : v), choice("desired stage", STAGES).optional()),
  looking_for: optionalText("looking for", 1000),
});
export type CoFounderSetup = z.infer<typeof coFounderSetupSchema>;

/** The setups' bodies as the API reads them: JSON, or multipart (with the logo or avatar) whose lists are JSON text. */
export const startupSetupBody = withJsonLists(startupSetupSchema, ["links", "wanted_skills", "wanted_roles"]);
export const coFounderSetupBody = withJsonLists(coFounderSetupSchema, ["links", "skills", "roles", "industries"]);
