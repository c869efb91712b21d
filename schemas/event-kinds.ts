/*
 * The kinds of event a form can be (category, and online, in person or hybrid), without the form's rules
 * (events.ts): lists and their filters read these on screens that have no form to check.
 */
export const EVENT_CATEGORIES = [
  "Conference",
  "Workshop",
  "Meetup",
  "Hackathon",
  "Demo day",
  "Pitch competition",
  "Networking",
  "Webinar",
  "Accelerator programme",
  "Other",
] as const;

export const EVENT_NATURES = [
  { value: "online", label: "Online" },
  { value: "in_person", label: "In person" },
  { value: "hybrid", label: "Hybrid" },
] as const;
export type EventNature = (typeof EVENT_NATURES)[number]["value"];
