/** Redirect (ADR 0051): on the server a recorded redirect and no markup; in the browser a navigation. */
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { Redirect } from "./redirect.tsx";
import { type ServerPage, ServerPageContext } from "./server-page.ts";

const at = (path: string) =>
  createMemoryRouter(
    [
      { path: "/settings", element: <Redirect to="/settings/account" /> },
      { path: "/settings/account", element: <p>account</p> },
    ],
    { initialEntries: [path] },
  );

describe("Redirect", () => {
  it("tells the server where the page sends the visitor, and draws nothing", () => {
    const page: ServerPage = {};
    const html = renderToString(
      <ServerPageContext value={page}>
        <RouterProvider router={at("/settings")} />
      </ServerPageContext>,
    );
    expect(page.redirect).toBe("/settings/account");
    expect(html).not.toContain("account</p>");
  });

  it("records nothing for a page that does not redirect", () => {
    const page: ServerPage = {};
    renderToString(
      <ServerPageContext value={page}>
        <RouterProvider router={at("/settings/account")} />
      </ServerPageContext>,
    );
    expect(page.redirect).toBeUndefined();
  });
});
