import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventForms } from "#api/db/events-schema.ts";
import { meetingConnections } from "#api/db/tools-schema.ts";
import { coFounder, registered } from "#api/testing/fixtures.ts";
import { ownerWithCollection, publishedEventForm, validEventFormFields } from "#api/testing/event-fixtures.ts";
import { connect, meetingsTestbed, type MeetingsTestbed } from "#api/testing/meeting-fixtures.ts";
import type { TestClient } from "#api/testing/harness.ts";

let bed: MeetingsTestbed;
beforeAll(async () => {
  bed = await meetingsTestbed();
});
afterAll(async () => bed?.close());

const meetingPath = (formId: number) => `/api/v1/admin/event_forms/${formId}/meeting`;

/** A startup owner connected to the provider, with a published online form. */
async function ownerWithForm(slug: "zoom" | "google-meet" = "zoom", overrides: Record<string, unknown> = {}) {
  const owner = await ownerWithCollection(bed.t);
  await connect(owner.client, slug);
  const form = await publishedEventForm(owner.client, owner.collection.id, {
    nature: "online",
    venue: undefined,
    venue_country: undefined,
    venue_city: undefined,
    custom_questions: [],
    ...overrides,
  });
  return { owner, form };
}

const update = (client: TestClient, formId: number, collectionId: number, overrides: Record<string, unknown>) =>
  client.put(
    `/api/v1/admin/event_forms/${formId}`,
    validEventFormFields(collectionId, {
      nature: "online",
      venue: undefined,
      venue_country: undefined,
      venue_city: undefined,
      custom_questions: [],
      ...overrides,
    }),
  );

const storedMeeting = async (formId: number) =>
  (
    await bed.t.database.db
      .select({
        provider: eventForms.meetingProvider,
        id: eventForms.meetingExternalId,
        url: eventForms.meetingJoinUrl,
        by: eventForms.meetingCreatedByUserId,
      })
      .from(eventForms)
      .where(eq(eventForms.id, formId))
  )[0];

describe("creating a meeting for an event form", () => {
  it("creates a Zoom meeting at the event's time and keeps its join link on the form", async () => {
    const { owner, form } = await ownerWithForm("zoom");
    const res = await owner.client.post(meetingPath(form.id), { provider: "zoom" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe("Zoom meeting created.");
    const zoomMeeting = [...bed.zoom.meetings.values()].at(-1)!;
    expect(zoomMeeting).toMatchObject({
      topic: "Founders meetup",
      start_time: "2035-06-01T17:00:00Z",
      duration: 180,
      timezone: "Africa/Lagos",
    });
    expect(res.body.meeting).toEqual({
      provider: "zoom",
      provider_label: "Zoom",
      external_id: String(zoomMeeting.id),
      join_url: zoomMeeting.join_url,
    });
    expect(await storedMeeting(form.id)).toEqual({ provider: "zoom", id: String(zoomMeeting.id), url: zoomMeeting.join_url, by: owner.id });
    const read = await owner.client.get(meetingPath(form.id));
    expect(read.body).toMatchObject({ meeting: res.body.meeting, can_have_meeting: true });
    expect(read.body.providers.map((p: { provider: string; connected: boolean }) => [p.provider, p.connected])).toEqual([
      ["zoom", true],
      ["google_meet", false],
    ]);
  });

  it("creates a Google Calendar event with Meet conference data", async () => {
    const { owner, form } = await ownerWithForm("google-meet", {
      nature: "hybrid",
      venue: "Yaba Tech Hub",
      venue_country: "NG",
      venue_city: "Lagos",
    });
    const res = await owner.client.post(meetingPath(form.id), { provider: "google_meet" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const event = [...bed.google.events.values()].at(-1)!;
    expect(event).toMatchObject({
      summary: "Founders meetup",
      start: { dateTime: "2035-06-01T17:00:00Z", timeZone: "Africa/Lagos" },
      end: { dateTime: "2035-06-01T20:00:00Z" },
    });
    expect(res.body.meeting).toEqual({
      provider: "google_meet",
      provider_label: "Google Meet",
      external_id: event.id,
      join_url: event.hangoutLink,
    });
    expect(event.hangoutLink).toMatch(/^https:\/\/meet\.google\.com\//);
  });

  it("refuses an in-person event, a provider not connected, and a second meeting", async () => {
    const { owner, form } = await ownerWithForm("zoom");
    const inPerson = await publishedEventForm(owner.client, owner.collection.id, { nature: "in_person" });
    const refused = await owner.client.post(meetingPath(inPerson.id), { provider: "zoom" });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.provider[0]).toBe(
      "Only online and hybrid events can have a meeting. Set the event's nature to Online or Hybrid and save the form first.",
    );
    expect((await owner.client.get(meetingPath(inPerson.id))).body.can_have_meeting).toBe(false);

    const google = await owner.client.post(meetingPath(form.id), { provider: "google_meet" });
    expect(google.status).toBe(422);
    expect(google.body.errors.provider[0]).toBe("Connect Google Meet first: Integrations → Google Meet.");

    expect((await owner.client.post(meetingPath(form.id), { provider: "zoom" })).status).toBe(201);
    const second = await owner.client.post(meetingPath(form.id), { provider: "zoom" });
    expect(second.status).toBe(422);
    expect(second.body.errors.provider[0]).toBe("This event form already has a Zoom meeting.");
    expect((await owner.client.post(meetingPath(form.id), { provider: "teams" })).status).toBe(422);
  });

  it("is only for those who may edit the form: its startup's editors, nobody else", async () => {
    const { owner, form } = await ownerWithForm("zoom");
    const other = await ownerWithCollection(bed.t);
    await connect(other.client, "zoom");
    // Another startup's form is as good as missing, whatever the caller may do with their own.
    for (const res of [
      await other.client.get(meetingPath(form.id)),
      await other.client.post(meetingPath(form.id), { provider: "zoom" }),
      await other.client.put(meetingPath(form.id)),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Event Form not found");
    }
    const cofounder = await coFounder(bed.t);
    expect((await cofounder.client.post(meetingPath(form.id), { provider: "zoom" })).status).toBe(403);
    const plain = await registered(bed.t);
    expect((await plain.client.get(meetingPath(form.id))).status).toBe(403);
    expect((await bed.t.client("198.51.100.77").get(meetingPath(form.id))).status).toBe(401);
    expect((await owner.client.get(meetingPath(999_999))).status).toBe(404);
    expect(await storedMeeting(form.id)).toMatchObject({ id: null, url: null });
  });

  it("answers a provider failure with a clear 502, storing nothing", async () => {
    const { owner, form } = await ownerWithForm("zoom");
    bed.zoom.failMeetings = true;
    try {
      const res = await owner.client.post(meetingPath(form.id), { provider: "zoom" });
      expect(res.status).toBe(502);
      expect(res.body.message).toBe("Zoom answered 500: Zoom is having trouble right now.");
    } finally {
      bed.zoom.failMeetings = false;
    }
    expect(await storedMeeting(form.id)).toMatchObject({ provider: null, url: null });
  });
});

describe("tokens that expire", () => {
  const connection = async (userId: number) =>
    (
      await bed.t.database.db
        .select()
        .from(meetingConnections)
        .where(and(eq(meetingConnections.userId, userId), eq(meetingConnections.provider, "zoom")))
    )[0];

  it("are refreshed before the call when they have expired", async () => {
    const { owner, form } = await ownerWithForm("zoom");
    const before = await connection(owner.id);
    await bed.t.database.db
      .update(meetingConnections)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(meetingConnections.id, before.id));
    const refreshes = bed.zoom.oauth.tokenRequests.filter((r) => r.grantType === "refresh_token").length;
    expect((await owner.client.post(meetingPath(form.id), { provider: "zoom" })).status).toBe(201);
    expect(bed.zoom.oauth.tokenRequests.filter((r) => r.grantType === "refresh_token" && r.accepted).length).toBe(refreshes + 1);
    const after = await connection(owner.id);
    expect(after.accessTokenEncrypted).not.toBe(before.accessTokenEncrypted);
    expect(after.refreshTokenEncrypted).not.toBe(before.refreshTokenEncrypted);
    expect(after.expiresAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it("are refreshed once when the provider answers 401 anyway, and the call is retried", async () => {
    const { owner, form } = await ownerWithForm("zoom");
    bed.zoom.oauth.expireAccessTokens();
    const res = await owner.client.post(meetingPath(form.id), { provider: "zoom" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it("are renewed once when two requests find them expired at the same time (Zoom rotates refresh tokens)", async () => {
    const { owner, form } = await ownerWithForm("zoom");
    const other = await publishedEventForm(owner.client, owner.collection.id, {
      nature: "online",
      venue: undefined,
      venue_country: undefined,
      venue_city: undefined,
      custom_questions: [],
    });
    const before = await connection(owner.id);
    await bed.t.database.db
      .update(meetingConnections)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(meetingConnections.id, before.id));
    const seen = bed.zoom.oauth.tokenRequests.length;
    // A token endpoint that takes a moment: both requests are under way before either has renewed.
    bed.zoom.oauth.tokenLatencyMs = 150;
    let answers;
    try {
      answers = await Promise.all([form.id, other.id].map((id) => owner.client.post(meetingPath(id), { provider: "zoom" })));
    } finally {
      bed.zoom.oauth.tokenLatencyMs = 0;
    }
    expect(
      answers.map((res) => res.status),
      JSON.stringify(answers.map((res) => res.body)),
    ).toEqual([201, 201]);
    // One refresh, accepted: the second request waited and used its tokens instead of trading the old refresh token.
    expect(bed.zoom.oauth.tokenRequests.slice(seen)).toEqual([{ grantType: "refresh_token", accepted: true }]);
    const after = await connection(owner.id);
    expect(after.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(bed.zoom.oauth.refreshTokens.size).toBeGreaterThan(0);
  });

  it("never create a Google event twice: a 401 on the read after the insert repeats only the read", async () => {
    const { owner, form } = await ownerWithForm("google-meet");
    const eventsBefore = bed.google.events.size;
    bed.google.conferencePending = true;
    bed.google.expireTokensAfterInsert = true;
    let res;
    try {
      res = await owner.client.post(meetingPath(form.id), { provider: "google_meet" });
    } finally {
      bed.google.conferencePending = false;
      bed.google.expireTokensAfterInsert = false;
    }
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(bed.google.events.size).toBe(eventsBefore + 1);
    const event = [...bed.google.events.values()].at(-1)!;
    expect(res.body.meeting).toMatchObject({ external_id: event.id, join_url: event.hangoutLink });
  });

  it("ask the user to connect again when the provider no longer accepts the refresh token", async () => {
    const { owner, form } = await ownerWithForm("zoom");
    bed.zoom.oauth.refreshTokens.clear();
    bed.zoom.oauth.expireAccessTokens();
    const res = await owner.client.post(meetingPath(form.id), { provider: "zoom" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      "Zoom no longer accepts this connection (it was revoked or has expired). Disconnect Zoom on its Integrations page and connect it again.",
    );
  });
});

describe("moving the event", () => {
  it("moves the meeting when the form's time changes", async () => {
    const { owner, form } = await ownerWithForm("zoom");
    const { body } = await owner.client.post(meetingPath(form.id), { provider: "zoom" });
    const res = await update(owner.client, form.id, owner.collection.id, { starts_at: "2035-06-02T09:00", ends_at: "2035-06-02T10:30" });
    expect(res.status).toBe(200);
    expect(res.body.meeting_warning).toBeUndefined();
    expect(bed.zoom.meetings.get(Number(body.meeting.external_id))).toMatchObject({ start_time: "2035-06-02T08:00:00Z", duration: 90 });
  });

  it("moves a Google event too", async () => {
    const { owner, form } = await ownerWithForm("google-meet");
    const { body } = await owner.client.post(meetingPath(form.id), { provider: "google_meet" });
    await update(owner.client, form.id, owner.collection.id, {
      starts_at: "2035-07-01T12:00",
      ends_at: "2035-07-01T13:00",
      timezone: "Europe/Berlin",
    });
    expect(bed.google.events.get(body.meeting.external_id)).toMatchObject({
      start: { dateTime: "2035-07-01T10:00:00Z", timeZone: "Europe/Berlin" },
      end: { dateTime: "2035-07-01T11:00:00Z", timeZone: "Europe/Berlin" },
    });
  });

  it("leaves the meeting alone when the time stays", async () => {
    const { owner, form } = await ownerWithForm("zoom");
    const { body } = await owner.client.post(meetingPath(form.id), { provider: "zoom" });
    bed.zoom.failMeetings = true;
    try {
      const res = await update(owner.client, form.id, owner.collection.id, { description: "Same time, new words." });
      expect(res.status).toBe(200);
      expect(res.body.meeting_warning).toBeUndefined();
    } finally {
      bed.zoom.failMeetings = false;
    }
    expect(bed.zoom.meetings.get(Number(body.meeting.external_id))!.start_time).toBe("2035-06-01T17:00:00Z");
  });

  it("keeps the saved form when the provider fails, says so, and can send the time again later", async () => {
    const { owner, form } = await ownerWithForm("zoom");
    const { body } = await owner.client.post(meetingPath(form.id), { provider: "zoom" });
    bed.zoom.failMeetings = true;
    let res;
    try {
      res = await update(owner.client, form.id, owner.collection.id, { starts_at: "2035-06-03T18:00", ends_at: "2035-06-03T21:00" });
    } finally {
      bed.zoom.failMeetings = false;
    }
    expect(res.status).toBe(200);
    expect(res.body.event_form.starts_at_local).toBe("2035-06-03T18:00");
    expect(res.body.meeting_warning).toBe(
      "The form was saved, but its Zoom meeting could not be moved. Zoom answered 500: Zoom is having trouble right now. Use “Update meeting” to try again.",
    );
    const zoomMeeting = bed.zoom.meetings.get(Number(body.meeting.external_id))!;
    expect(zoomMeeting.start_time).toBe("2035-06-01T17:00:00Z");

    const retry = await owner.client.put(meetingPath(form.id));
    expect(retry.status).toBe(200);
    expect(retry.body.message).toBe("Zoom meeting updated.");
    expect(zoomMeeting.start_time).toBe("2035-06-03T17:00:00Z");
  });

  it("warns when the meeting's creator has disconnected", async () => {
    const { owner, form } = await ownerWithForm("zoom");
    await owner.client.post(meetingPath(form.id), { provider: "zoom" });
    await owner.client.delete("/api/v1/admin/meetings/connections/zoom");
    const res = await update(owner.client, form.id, owner.collection.id, { starts_at: "2035-06-04T18:00", ends_at: "2035-06-04T19:00" });
    expect(res.status).toBe(200);
    expect(res.body.meeting_warning).toContain("The Zoom connection of the person who created this meeting is gone");
    expect((await owner.client.put(meetingPath(form.id))).status).toBe(409);
  });
});

describe("the join link", () => {
  it("reaches accepted applicants only, in every answer an applicant gets", async () => {
    const { owner, form } = await ownerWithForm("zoom");
    const { body } = await owner.client.post(meetingPath(form.id), { provider: "zoom" });
    const joinUrl = body.meeting.join_url;
    const applicants = await Promise.all(
      ["accepted", "pending", "rejected"].map(async (status) => ({ status, ...(await coFounder(bed.t)) })),
    );
    for (const applicant of applicants) {
      const applied = await applicant.client.post(`/api/v1/admin/event_forms/${form.id}/applications`, {
        intent: "submit",
        answers: { full_name: "Ada", email: applicant.email },
      });
      expect(applied.status, JSON.stringify(applied.body)).toBe(201);
      if (applicant.status !== "pending") {
        const reviewed = await owner.client.put(`/api/v1/admin/event_applications/${applied.body.event_application.id}/status`, {
          status: applicant.status,
        });
        expect(reviewed.status).toBe(200);
      }
    }
    for (const applicant of applicants) {
      const site = await applicant.client.get(`/api/v1/site/event_forms/${form.id}`);
      const mine = await applicant.client.get("/api/v1/admin/event_applications");
      const row = mine.body.data.find((a: { event_form: { id: number } }) => a.event_form.id === form.id);
      if (applicant.status === "accepted") {
        expect(site.body.my_meeting).toEqual({ provider: "zoom", provider_label: "Zoom", join_url: joinUrl });
        expect(row.event_form.meeting).toEqual({ provider: "zoom", provider_label: "Zoom", join_url: joinUrl });
      } else {
        expect(site.body.my_meeting, applicant.status).toBeNull();
        expect(row.event_form.meeting, applicant.status).toBeNull();
        // Not merely hidden: the link is nowhere in what these applicants receive.
        expect(JSON.stringify(site.body) + JSON.stringify(mine.body)).not.toContain(joinUrl);
      }
    }
    const stranger = await coFounder(bed.t);
    const seen = await stranger.client.get(`/api/v1/site/event_forms/${form.id}`);
    expect(seen.status).toBe(200);
    expect(JSON.stringify(seen.body)).not.toContain(joinUrl);
  });
});
