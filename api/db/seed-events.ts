import { eq, inArray, isNull } from "drizzle-orm";
import { newTicketCode } from "../modules/check-ins/tickets.ts";
import { eventPosterPng } from "../modules/event-pages/poster.ts";
import type { Db } from "./client.ts";
import { files, startups, users } from "./schema.ts";
import { collections, eventApplications, eventForms, type CustomQuestion, type StandardQuestions } from "./events-schema.ts";

const DAY = 86_400_000;
/** Seeded events are always in the future, whenever the seed runs: days from now at a wall-clock hour (UTC). */
const daysFromNow = (days: number, hourUtc: number) => {
  const at = new Date(Date.now() + days * DAY);
  at.setUTCHours(hourUtc, 0, 0, 0);
  return at;
};

const ask = (...keys: string[]): StandardQuestions =>
  Object.fromEntries(
    ["full_name", "email", "phone", "company", "role", "website", "linkedin", "city"].map((key) => [
      key,
      { enabled: keys.includes(key), required: keys.slice(0, 2).includes(key) },
    ]),
  );

const DEMO_DAY_QUESTIONS: CustomQuestion[] = [
  {
    id: "q-pitch001",
    label: "Your pitch in one line",
    help_text: "What you do, for whom.",
    type: "short_text",
    required: true,
    options: [],
  },
  { id: "q-stage001", label: "Stage", help_text: null, type: "single_choice", required: true, options: ["Idea", "MVP", "Revenue"] },
  {
    id: "q-track001",
    label: "Tracks you are interested in",
    help_text: null,
    type: "multiple_choice",
    required: false,
    options: ["AI", "Fintech", "Health", "Climate"],
  },
  { id: "q-deck0001", label: "Pitch deck", help_text: "PDF, up to 5 MB.", type: "file", required: false, options: [] },
];

/** Collections, forms (free, paid, draft) and applications for the demo startup and organization. */
export async function seedEvents(db: Db) {
  const owners = await db
    .select({ id: startups.id, username: startups.username, ownerUserId: startups.ownerUserId })
    .from(startups)
    .where(inArray(startups.username, ["acme-robotics", "lagos-tech-hub"]));
  const acme = owners.find((o) => o.username === "acme-robotics");
  const hub = owners.find((o) => o.username === "lagos-tech-hub");
  if (!acme || !hub) return;

  const [demoDays, workshops, meetups] = await db
    .insert(collections)
    .values([
      { startupId: acme.id, name: "Demo Days 2027" },
      { startupId: acme.id, name: "Workshops" },
      { startupId: hub.id, name: "Community meetups" },
    ])
    .returning({ id: collections.id });

  const [demoDay] = await db
    .insert(eventForms)
    .values([
      {
        startupId: acme.id,
        collectionId: demoDays.id,
        createdByUserId: acme.ownerUserId,
        title: "Lagos Robotics Demo Day",
        description: "Ten hardware teams pitch to investors and operators. Apply to pitch or to attend.",
        category: "Demo day",
        nature: "in_person",
        timezone: "Africa/Lagos",
        startsAt: daysFromNow(30, 16),
        endsAt: daysFromNow(30, 20),
        venue: "Lagos Tech Hub, 12 Herbert Macaulay Way, Yaba",
        venueCountry: "NG",
        venueCity: "Lagos",
        capacity: 120,
        applicationDeadline: daysFromNow(25, 22),
        typeOfEvent: "free",
        questions: ask("full_name", "email", "company", "role", "linkedin"),
        customQuestions: DEMO_DAY_QUESTIONS,
        status: "published",
      },
    ])
    .returning({ id: eventForms.id });
  await db.insert(eventForms).values([
    {
      startupId: acme.id,
      collectionId: workshops.id,
      createdByUserId: acme.ownerUserId,
      title: "Hardware Go-to-Market Workshop",
      description: "A hands-on afternoon on pricing, distribution and first customers for hardware startups.",
      category: "Workshop",
      nature: "hybrid",
      timezone: "Africa/Lagos",
      startsAt: daysFromNow(45, 13),
      endsAt: daysFromNow(45, 17),
      venue: "Acme Robotics, Ikeja",
      venueCountry: "NG",
      venueCity: "Ikeja",
      onlineLink: "https://meet.example.com/acme-gtm",
      capacity: 40,
      typeOfEvent: "paid",
      paidEventInformation: { price: "25.00", currency: "USD", includes: "Lunch and the workshop templates" },
      questions: ask("full_name", "email", "company"),
      customQuestions: [
        { id: "q-goal0001", label: "What do you want to leave with?", help_text: null, type: "long_text", required: false, options: [] },
      ],
      status: "published",
    },
    {
      startupId: acme.id,
      collectionId: workshops.id,
      createdByUserId: acme.ownerUserId,
      title: "Supply Chain Clinic (draft)",
      description: "Office hours with our sourcing team. Still being planned.",
      category: "Workshop",
      nature: "online",
      timezone: "Africa/Lagos",
      startsAt: daysFromNow(60, 10),
      endsAt: daysFromNow(60, 12),
      onlineLink: "https://meet.example.com/acme-supply",
      typeOfEvent: "free",
      questions: ask("full_name", "email"),
      customQuestions: [],
      status: "draft",
    },
    {
      startupId: hub.id,
      collectionId: meetups.id,
      title: "Founders & Coffee",
      description: "A relaxed monthly breakfast for founders and people who want to become one.",
      category: "Meetup",
      nature: "in_person",
      timezone: "Africa/Lagos",
      startsAt: daysFromNow(14, 8),
      endsAt: daysFromNow(14, 10),
      venue: "Lagos Tech Hub café",
      venueCountry: "NG",
      venueCity: "Lagos",
      typeOfEvent: "free",
      questions: ask("full_name", "email", "city"),
      customQuestions: [],
      status: "published",
    },
  ]);

  // A handful of applicants, at different stages of review.
  const applicants = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      inArray(users.email, [
        "cofounder@launchpad.test",
        "amara.okafor@launchpad.test",
        "lukas.becker@launchpad.test",
        "priya.raman@launchpad.test",
        "kwame.mensah@launchpad.test",
      ]),
    );
  const statuses = ["pending", "shortlisted", "accepted", "waitlisted", "rejected"] as const;
  await db.insert(eventApplications).values(
    applicants.map((user, index) => ({
      eventFormId: demoDay.id,
      userId: user.id,
      status: statuses[index % statuses.length],
      applicantName: user.name,
      applicantEmail: user.email,
      answers: {
        full_name: user.name,
        email: user.email,
        company: ["Fieldbot", "Kora Motion", "Inventa", "Grain Robotics", "Mesh Works"][index % 5],
        role: "Co-founder",
        "q-pitch001": [
          "Robots that weed cassava fields",
          "Low-cost motion controllers",
          "Pick-and-place for pharmacies",
          "Grain sorting by camera",
          "Mesh networks for warehouses",
        ][index % 5],
        "q-stage001": ["MVP", "Idea", "Revenue", "MVP", "Idea"][index % 5],
        "q-track001": [["AI"], ["Fintech", "AI"], ["Health"], ["Climate"], []][index % 5],
      },
      submittedAt: new Date(Date.now() - (index + 1) * 3_600_000),
      ticketCode: newTicketCode(),
      // The accepted applicant agreed to be shown on the event's public page.
      showOnEventPage: statuses[index % statuses.length] === "accepted",
    })),
  );
  await seedEventCovers(db);
}

/** A cover (2:1, as the cards show it) for each demo event that has none, drawn by the seed: no network. */
async function seedEventCovers(db: Db) {
  const bare = await db
    .select({
      id: eventForms.id,
      title: eventForms.title,
      category: eventForms.category,
      owner: eventForms.createdByUserId,
      host: startups.name,
    })
    .from(eventForms)
    .innerJoin(startups, eq(startups.id, eventForms.startupId))
    .where(isNull(eventForms.bannerFileId));
  for (const form of bare) {
    const data = eventPosterPng({ title: form.title, lines: [form.category, `Hosted by ${form.host}`] }, 1200, 600, "image/webp");
    const [file] = await db
      .insert(files)
      .values({ ownerUserId: form.owner, contentType: "image/webp", byteSize: data.byteLength, data, isPublic: true })
      .returning({ id: files.id });
    await db.update(eventForms).set({ bannerFileId: file.id }).where(eq(eventForms.id, form.id));
  }
}
