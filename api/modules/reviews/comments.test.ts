/**
 * The team's comments on an application: read and written by those who read the form's responses, `@Name`
 * tells that member (a notification, and a live update on the form's channel), the comment is on the record,
 * a blind reviewer reads none until their review is in, and nobody beyond the form reaches them.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMENT_ADDED_EVENT, eventFormChannel } from "#schemas/realtime.ts";
import { COMMENTS_HIDDEN, type CommentsView, type RubricView } from "#schemas/reviews.ts";
import { notifications } from "#api/db/realtime-schema.ts";
import { newest } from "#api/testing/audit-fixtures.ts";
import { insertApplication, publishedEventForm } from "#api/testing/event-fixtures.ts";
import type { TestApi, TestClient } from "#api/testing/harness.ts";
import { createRecordingTestApi, type RecordingBroadcaster } from "#api/testing/recording-broadcaster.ts";
import { joinedMember, teamOwner } from "#api/testing/team-fixtures.ts";
import { mentionedIn } from "./comments.ts";

let t: TestApi;
let broadcaster: RecordingBroadcaster;
beforeAll(async () => {
  ({ t, broadcaster } = await createRecordingTestApi());
});
afterAll(() => t.close());

const comments = (client: TestClient, id: number) => client.get<CommentsView>(`/api/v1/admin/event_applications/${id}/comments`);
const comment = (client: TestClient, id: number, body: unknown) =>
  client.post<{ id: number; message: string; errors: Record<string, string[]> }>(`/api/v1/admin/event_applications/${id}/comments`, {
    body,
  });

describe("mentions", () => {
  it("finds each member named with @, a longer name before a shorter one it starts with, never half a word", () => {
    const members = [
      { id: 1, name: "Ada" },
      { id: 2, name: "Ada Lovelace" },
      { id: 3, name: "Bo" },
    ];
    expect(mentionedIn("Ask @ada lovelace about this", members)).toEqual([2]);
    expect(mentionedIn("@Ada and @Ada Lovelace", members).sort()).toEqual([1, 2]);
    expect(mentionedIn("email bo@Bob or @Bob", members)).toEqual([]);
  });
});

describe("an application's comments", () => {
  it("are the team's: @Name tells that member, live on the form's channel and on the record", async () => {
    const owner = await teamOwner(t);
    const form = await publishedEventForm(owner.client, owner.collection.id);
    const reviewer = await joinedMember(t, owner.client, "reviewer", [form.id]);
    const application = await insertApplication(t, form.id, "pending");
    const [me] = (await comments(reviewer.client, application.id)).body.members.filter((m) => m.id === reviewer.id);
    expect(me).toBeDefined();

    broadcaster.clear();
    const added = await comment(owner.client, application.id, `Strong team. @${me.name}, can you check their traction?`);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, reviewer.id), eq(notifications.type, "mentioned")));
    expect(told).toHaveLength(1);
    expect(told[0].url).toBe(`/event-responses/${form.id}/form/${application.id}`);
    expect(broadcaster.take(COMMENT_ADDED_EVENT, eventFormChannel(form.id))).toHaveLength(1);
    expect(await newest(owner.client, "application.commented")).toMatchObject({ subject: { id: application.id } });

    const thread = (await comments(reviewer.client, application.id)).body;
    expect(thread.hidden).toBe(false);
    expect(thread.comments).toHaveLength(1);
    expect(thread.comments[0]).toMatchObject({ author: { id: owner.id }, mentioned: [{ id: reviewer.id }] });
    expect((await comment(reviewer.client, application.id, "Checked: two paying pilots.")).status).toBe(201);
    expect((await comments(owner.client, application.id)).body.comments.map((c) => c.body)).toEqual([
      `Strong team. @${me.name}, can you check their traction?`,
      "Checked: two paying pilots.",
    ]);

    expect((await comment(owner.client, application.id, "   ")).body.errors.body).toEqual(["The comment field is required."]);
    expect((await comments((await teamOwner(t)).client, application.id)).status).toBe(404);
    expect((await comments((await joinedMember(t, owner.client, "door")).client, application.id)).status).toBe(404);
  });

  it("are hidden from a blind reviewer until their review is in", async () => {
    const owner = await teamOwner(t);
    const form = await publishedEventForm(owner.client, owner.collection.id);
    const rubric = await owner.client.put<{ rubric: RubricView }>(`/api/v1/admin/event_forms/${form.id}/rubric`, {
      criteria: [{ name: "Team", weight: 1, scale_max: 5 }],
      blind: true,
    });
    const reviewer = await joinedMember(t, owner.client, "reviewer", [form.id]);
    const application = await insertApplication(t, form.id, "pending");
    await owner.client.post(`/api/v1/admin/event_forms/${form.id}/review_assignments`, { mode: "all", reviewer_ids: [reviewer.id] });
    await comment(owner.client, application.id, "This is Ada's second startup.");
    expect((await comments(reviewer.client, application.id)).body).toMatchObject({ hidden: true, comments: [] });
    const refused = await comment(reviewer.client, application.id, "Hello");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(COMMENTS_HIDDEN);
    await reviewer.client.put(`/api/v1/admin/event_applications/${application.id}/review`, {
      scores: { [rubric.body.rubric.criteria[0].id]: 4 },
      recommendation: "yes",
    });
    expect((await comments(reviewer.client, application.id)).body.comments).toHaveLength(1);
  });
});
