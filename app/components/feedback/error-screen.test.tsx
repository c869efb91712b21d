import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorScreen } from "./error-screen";

async function render(error: unknown) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <ErrorScreen error={error} /> }]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

describe("ErrorScreen", () => {
  it("shows a thrown status with its message and a Go Home button that works without JavaScript", async () => {
    // The shape React Router gives a thrown data("Access Forbidden", { status: 403 }).
    const html = await render({ status: 403, statusText: "Forbidden", internal: false, data: "Access Forbidden" });
    expect(html).toContain(">403</p>");
    expect(html).toContain("Access Forbidden");
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/"|<form[^>]*action="\/"[^>]*method="get"/);
    expect(html).toContain(">Go Home</button>");
  });

  it("shows 500 and a generic message for an unhandled error, hiding its details", async () => {
    const original = console.error;
    console.error = () => {};
    try {
      const html = await render(new Error("database password is hunter2"));
      expect(html).toContain(">500</p>");
      expect(html).toContain("Something went wrong. Please try again.");
      expect(html).not.toContain("hunter2");
    } finally {
      console.error = original;
    }
  });
});
