/* Prompts for the AI helper, built from what a form already holds (see AiSuggest's buildPrompt). */

/** Form values as conform keeps them: text, or nothing yet. */
type Values = Record<string, unknown>;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** "Label: value" lines for the values that are filled in. */
function facts(pairs: [label: string, value: unknown][]): string {
  return pairs
    .map(([label, value]) => [label, text(value)] as const)
    .filter(([, value]) => value)
    .map(([label, value]) => `${label}: ${value}`)
    .join("\n");
}

/** The event form builder's description, from the event's other fields (and a draft, if one is there). */
export function eventDescriptionPrompt(values: Values): string {
  const known = facts([
    ["Title", values.title],
    ["Category", values.category],
    ["Format", text(values.nature).replace("_", "-")],
    ["Starts", values.starts_at],
    ["Ends", values.ends_at],
    ["Time zone", values.timezone],
    ["Venue", values.venue],
    ["Price", values.type_of_event === "paid" ? "paid" : "free"],
  ]);
  const draft = text(values.description);
  return [
    "Write the description of an event for startup founders, shown on its application page: " +
      "two short paragraphs saying what happens, who it is for and why to apply. No title, no dates list.",
    known ? `What we know about the event:\n${known}` : "",
    draft ? `Improve this draft, keeping its facts:\n${draft}` : "",
  ]
    .filter(Boolean)
    .join("\n\n");
}

/** A long answer of the startup details (Problem, Solution, …), from the category's other answers. */
export function startupDetailPrompt(
  category: string,
  field: { key: string; label: string; hint?: string | null },
  values: Values,
  labels: Record<string, string>,
): string {
  const known = facts(
    Object.entries(labels).flatMap(([key, label]) => (key === field.key ? [] : [[label, values[key]] as [string, unknown]])),
  );
  const draft = text(values[field.key]);
  return [
    `Write the "${field.label}" answer of a startup's profile (section "${category}") for investors, partners and co-founders: ` +
      `one or two short paragraphs, concrete and plain.${field.hint ? ` The field asks: ${field.hint}` : ""}`,
    known ? `What the startup has written so far:\n${known}` : "",
    draft ? `Improve the current answer, keeping its facts:\n${draft}` : "",
  ]
    .filter(Boolean)
    .join("\n\n");
}
