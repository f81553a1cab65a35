/** RemoteRoutes on the server (ADR 0053): the remote's page when the entry has its module, else the skeleton. */
import type { RemoteModule } from "@closr/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { RemoteRoutes } from "./remote-routes.tsx";
import { type ServerRemotes, ServerRemotesContext } from "./server-remotes.ts";

const adminModule: RemoteModule = {
  navItems: [],
  routes: [{ path: "users", element: <h1 className="page-title">Users</h1> }],
};

/** The admin area at `path`, rendered as the server entry renders it, with `remotes`. */
function serverRender(path: string, remotes: ServerRemotes) {
  const router = createMemoryRouter(
    [{ path: "/admin/*", element: <RemoteRoutes name="admin" basePath="/admin" /> }],
    { initialEntries: [path] },
  );
  return renderToString(
    <ServerRemotesContext value={remotes}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ServerRemotesContext>,
  );
}

describe("RemoteRoutes on the server", () => {
  it("renders the remote's page when the entry has its module, and records the area", () => {
    const asked: string[] = [];
    const remotes: ServerRemotes = {
      rendered: new Set(),
      module: (name, basePath) => {
        asked.push(`${name} ${basePath}`);
        return adminModule;
      },
    };
    const html = serverRender("/admin/users", remotes);
    expect(html).toContain('<h1 class="page-title">Users</h1>');
    expect(html).not.toContain("data-remote-skeleton");
    expect(asked).toContain("admin /admin");
    expect([...remotes.rendered]).toEqual(["admin"]);
  });

  it("renders the shell's 404 page for a path the remote does not know", () => {
    const remotes: ServerRemotes = { rendered: new Set(), module: () => adminModule };
    const html = serverRender("/admin/no-such-page", remotes);
    expect(html).not.toContain("Users</h1>");
    expect(html).toContain("404");
  });

  it("renders the skeleton when the entry has no module of that remote", () => {
    const remotes: ServerRemotes = { rendered: new Set(), module: () => undefined };
    const html = serverRender("/admin/users", remotes);
    expect(html).toContain("data-remote-skeleton");
    expect(html).not.toContain("Users</h1>");
    expect(remotes.rendered.size).toBe(0);
  });
});
