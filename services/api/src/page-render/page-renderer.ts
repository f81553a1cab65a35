/**
 * The app's pages rendered on the server (ADR 0047): the shell's built server entry
 * (frontends/shell/dist-server/entry-server.js, or env SSR_ENTRY), loaded by file path at run
 * time — the service never imports frontend source (the dependency rule). Absent file: the
 * page fallback serves the bare index.html and the app renders in the browser.
 */
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** What the shell's entry-server.tsx exports (kept in step with it by hand; ADR 0047). */
export interface PageRenderer {
  /** Whether the page at `pathname` is rendered on the server (today every page is; ADR 0060). */
  rendersOnServer(pathname: string): boolean;
  /**
   * Whether the page at `pathname` does the job of a form posted to it before the app hydrated
   * (log in, sign up, forgot password, contact; issue 46). Absent: no page does.
   */
  acceptsForm?(pathname: string): boolean;
  render(request: {
    readonly url: string;
    readonly headers: Headers;
    readonly clientAddress?: string | undefined;
    readonly api: (request: Request) => Promise<Response>;
    readonly template: string;
    /** A remote's server bundle (an absolute path), when this server serves it (ADR 0053). */
    readonly remoteServerEntry?: ((name: "business" | "agent" | "admin") => string | undefined) | undefined;
    /** The text fields of a form posted to the page (application/x-www-form-urlencoded or multipart). */
    readonly form?: Readonly<Record<string, string>> | undefined;
  }): Promise<
    (
      | { readonly kind: "page"; readonly status: number; readonly html: string }
      | { readonly kind: "redirect"; readonly status: number; readonly location: string }
    ) & {
      /** Set-Cookie headers the API answered the form's calls with (the session of a log in). */
      readonly setCookies?: readonly string[];
    }
  >;
}

/**
 * The server entry at `file`, imported once on first use; undefined when the file does not
 * exist (frontends built without it). An entry that fails to load is an error (thrown).
 */
export function pageRendererAt(file: string): () => Promise<PageRenderer | undefined> {
  let loaded: Promise<PageRenderer | undefined> | undefined;
  return () => {
    // Not cached while missing: a build that lands after start is picked up.
    if (!loaded && !existsSync(file)) return Promise.resolve(undefined);
    loaded ??= import(pathToFileURL(file).href) as Promise<PageRenderer>;
    return loaded;
  };
}
