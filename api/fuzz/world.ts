/**
 * The rows a fuzz run's callers reach through their own lists (./live-paths.ts): an owner who is also super
 * admin with a collection, a published free event (with a co-founder's confirmed place and ticket, and an
 * announcement) and a published paid one (with the co-founder's unpaid billing), a coupon, a question saved to
 * the library, a team member, a
 * pending co-founder invitation, two saved versions of a canvas, a conversation with a message, and the
 * notifications these leave.
 */
import { coFounder, superAdmin } from "../testing/fixtures.ts";
import { createBilling, createCoupon } from "../testing/billing-fixtures.ts";
import { createEventForm, setEventFormStatus } from "../testing/event-fixtures.ts";
import { sendApplication } from "../testing/application-fixtures.ts";
import type { TestApi, TestClient } from "../testing/harness.ts";

/** Fails loudly when a step of the set-up is refused: a fuzz run over missing rows would prove little. */
async function made<T extends { status: number; body: unknown }>(step: string, answer: Promise<T>): Promise<T> {
  const res = await answer;
  if (res.status >= 300) throw new Error(`fuzz world: ${step} answered ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** A co-founder account's profile id, which an invitation names. */
const coFounderIdOf = async (client: TestClient): Promise<number> => (await client.get("/api/user")).body.co_founder_id;

export async function fuzzWorld(t: TestApi) {
  const owner = await superAdmin(t);
  // A second super admin, so that user 1 is not the last one and a misread body could clear its roles.
  await superAdmin(t);
  const applicant = await coFounder(t);
  const client = owner.client;
  const collection = (await made("collection", client.post("/api/v1/admin/collections", { name: "Fuzz collection" }))).body.collection;
  // The paid form first: lists put the newest first, and the free one is the one with a ticket.
  const paid = await createEventForm(client, collection.id, {
    title: "Fuzz paid form",
    custom_questions: [],
    type_of_event: "paid",
    paid_event_information: { price: "40", currency: "USD" },
  });
  await setEventFormStatus(client, paid.id, "published");
  const free = await createEventForm(client, collection.id, { title: "Fuzz form", custom_questions: [] });
  await setEventFormStatus(client, free.id, "published");

  await made("application", sendApplication(applicant.client, free.id, { full_name: "Ada Applicant", email: applicant.email }));
  await createBilling(applicant.client, paid.id);
  await made(
    "announcement",
    client.post(`/api/v1/admin/event_forms/${free.id}/announcements`, {
      audience: "confirmed",
      subject: "Doors",
      message: "Doors open at 9",
    }),
  );
  await createCoupon(client);
  await made(
    "saved question",
    client.post("/api/v1/admin/question_library", { label: "Fuzz track", type: "dropdown", options: ["Design", "Engineering"] }),
  );
  // A team member (who accepted), then the applicant's invitation, left pending and first in the list.
  const member = await coFounder(t);
  const joined = await made(
    "invitation",
    client.post("/api/v1/admin/co_founder_invitations", { co_founder_id: await coFounderIdOf(member.client) }),
  );
  await made("joining", member.client.post(`/api/v1/admin/co_founder_invitations/${joined.body.invitation.id}/accept`));
  await made("invitation", client.post("/api/v1/admin/co_founder_invitations", { co_founder_id: await coFounderIdOf(applicant.client) }));
  // Two saved versions of a canvas, so that one can be restored.
  for (const problem of ["Slow shipping", "Slower shipping"])
    await made("canvas", client.put("/api/v1/admin/frameworks/lean-canvas/canvas", { boxes: { problem } }));
  const conversation = (await made("conversation", client.post("/api/v1/admin/conversations", { user_id: applicant.id }))).body.data;
  await made("message", client.post(`/api/v1/admin/conversations/${conversation.id}/messages`, { body: "Hello" }));
  return { owner, applicant };
}
