import { describe, expect, it } from "vitest";
import { forwardListParams } from "./list-query.server";

const page = (search: string) => new URL(`http://launchpad.test/event-forms${search}`);

describe("forwardListParams", () => {
  it("starts from the screen's settings and adds the listed keys the address gives", () => {
    const query = forwardListParams(
      page("?page=2&search=demo&status=draft&sort_by=title&sort_order=desc"),
      ["page", "search", "status", "sort_by", "sort_order"],
      {
        per_page: "20",
      },
    );
    expect(query.toString()).toBe("per_page=20&page=2&search=demo&status=draft&sort_by=title&sort_order=desc");
  });

  it("forwards nothing the list does not name", () => {
    expect(forwardListParams(page("?page=3&per_page=100&billing=7&intent=x"), ["page", "search"], { per_page: "12" }).toString()).toBe(
      "per_page=12&page=3",
    );
  });

  it("leaves out blank values and trims the others", () => {
    const query = forwardListParams(page("?page=&search=%20%20&country=%20Kenya%20"), ["page", "search", "country"]);
    expect(query.toString()).toBe("country=Kenya");
  });

  it("lets the address override a setting only when the key is listed", () => {
    expect(forwardListParams(page("?sort_by=created_at"), ["page"], { sort_by: "name" }).get("sort_by")).toBe("name");
    expect(forwardListParams(page("?sort_by=created_at"), ["sort_by"], { sort_by: "name" }).get("sort_by")).toBe("created_at");
  });

  it("encodes what it forwards", () => {
    expect(forwardListParams(page("?search=a%26b%3Dc"), ["search"]).toString()).toBe("search=a%26b%3Dc");
  });
});
