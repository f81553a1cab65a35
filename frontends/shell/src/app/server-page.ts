/**
 * What a page tells the server while it renders (ADR 0047): its HTTP status (the 404 page sets
 * 404), its own title and description when they come from data (a blog post), and a redirect
 * (the route guard signed out, /profile, /find: ADR 0051) the server answers as a 302. The server
 * entry provides a fresh object per request; in the browser there is none and the hooks do
 * nothing, so components call them unconditionally.
 */
import { createContext, useContext } from "react";

export interface ServerPage {
  status?: number | undefined;
  title?: string | undefined;
  description?: string | undefined;
  /** Where the page sends the visitor instead (answered as a 302 redirect). */
  redirect?: string | undefined;
}

export const ServerPageContext = createContext<ServerPage | null>(null);

/** Records facts about the page being rendered on the server (no-op in the browser). */
export function useServerPage(facts: ServerPage): void {
  const page = useContext(ServerPageContext);
  if (!page) return;
  if (facts.status !== undefined) page.status = facts.status;
  if (facts.title) page.title = facts.title;
  if (facts.description) page.description = facts.description;
  if (facts.redirect) page.redirect = facts.redirect;
}

/** True while rendering on the server (inside the server entry's ServerPageContext). */
export function useOnServer(): boolean {
  return useContext(ServerPageContext) !== null;
}
