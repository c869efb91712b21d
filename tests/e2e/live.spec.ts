import { expectNoSeriousViolations } from "./a11y";
import { apiCall, expect, publishedEventForm, test } from "./fixtures";
import { newPerson } from "./realtime-people";

test.describe("live screens", () => {
  test("an application appears on the owner's open responses screen without a reload", async ({ browser, baseURL }) => {
    const owner = await newPerson(browser, baseURL, "Olga Owner");
    const applicant = await newPerson(browser, baseURL, "Pat Applicant");
    const form = await publishedEventForm(owner.context, { title: "Live demo day" });
    const detail = await owner.context.request.get(`/api/v1/admin/event_forms/${form.id}`);
    const question = ((await detail.json()).event_form.custom_questions as { id: string }[])[0].id;

    await owner.page.goto(`/event-responses/${form.id}`);
    await expect(owner.page.getByText("Nobody has applied yet.")).toBeVisible();
    let reloaded = false;
    owner.page.on("load", () => (reloaded = true));

    await apiCall(applicant.context, "POST", `/api/v1/admin/event_forms/${form.id}/applications`, {
      intent: "submit",
      answers: { full_name: "Pat Applicant", email: applicant.user.email, [question]: "A live demo" },
    });
    await expect(owner.page.getByRole("cell", { name: /Pat Applicant/ })).toBeVisible();
    await expect(owner.page.getByText("1 application", { exact: true })).toBeVisible();
    expect(reloaded).toBe(false);
    await expectNoSeriousViolations(owner.page, "/event-responses/{id}");
    await owner.context.close();
    await applicant.context.close();
  });

  test("a startup profile's follower count moves when someone else follows", async ({ browser, baseURL }) => {
    const star = await newPerson(browser, baseURL, "Quinn Star");
    const viewer = await newPerson(browser, baseURL, "Ray Viewer");
    const fan = await newPerson(browser, baseURL, "Sam Fan");
    await viewer.page.goto(`/startups/${star.startup.username}`);
    const count = viewer.page.getByTestId("followers-count");
    await expect(count).toHaveText("0 followers");
    await expect(count).toHaveAttribute("data-live", "on");
    await apiCall(fan.context, "POST", "/api/v1/admin/follow", { followee_id: star.startup.id, followee_type: "startup" });
    await expect(count).toHaveText("1 follower");
    await apiCall(fan.context, "POST", "/api/v1/admin/unfollow", { followee_id: star.startup.id, followee_type: "startup" });
    await expect(count).toHaveText("0 followers");
    for (const person of [star, viewer, fan]) await person.context.close();
  });
});
