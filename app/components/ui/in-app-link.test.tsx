import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { FavoriteToggle } from "../favorites/favorite-toggle";
import { InAppLink, InAppLinkProvider } from "./in-app-link";

function render(element: React.ReactNode, at = "/") {
  const Stub = createRoutesStub([{ path: "*", Component: () => <InAppLinkProvider>{element}</InAppLinkProvider> }]);
  return renderToString(<Stub initialEntries={[at]} />);
}

describe("InAppLink (ADR 017)", () => {
  it("renders the anchor <Link> renders: the path as href, data-discover for React Router's route discovery", () => {
    const html = render(
      <InAppLink to="/events?page=2" className="x" aria-current="page">
        Events
      </InAppLink>,
    );
    expect(html).toContain('<a class="x" aria-current="page" href="/events?page=2" data-discover="true">Events</a>');
  });

  it("leaves addresses outside the app to the browser: no route discovery", () => {
    expect(render(<InAppLink to="https://example.com/docs">Docs</InAppLink>)).toContain('<a href="https://example.com/docs">Docs</a>');
    expect(render(<InAppLink to="//example.com/docs">Docs</InAppLink>)).toContain('<a href="//example.com/docs">Docs</a>');
  });
});

describe("FavoriteToggle on the server (ADR 017)", () => {
  it("is a plain form posting to /favorites that comes back to the page, without the fetcher's marker", () => {
    const html = render(<FavoriteToggle type="startup" id={7} favorited={false} label="Acme" />, "/startups?type=startup");
    expect(html).toMatch(/^<form [^>]*action="\/favorites"/);
    expect(html).toMatch(/^<form [^>]*method="post"/);
    expect(html).toContain('<input type="hidden" name="intent" value="add"/>');
    expect(html).toContain('<input type="hidden" name="favoritable_id" value="7"/>');
    expect(html).toContain('<input type="hidden" name="redirect_to" value="/startups?type=startup"/>');
    expect(html).toContain('aria-label="Add Acme to favorites"');
    expect(html).not.toContain('name="via"');
  });
});
