/**
 * The app's frame as server HTML (issue 19, ADR 0028): the brand, the signed-out top bar and the
 * footer, in the shell's own classes and from the same navigation data
 * (@closr/contracts/site navigation.ts), so a first screen painted before the app starts has the
 * header and footer the app then draws — no jump when it swaps in. The signed-in top bar is in
 * dashboards.ts; it shares `brand`, `icon` and `publicLinks` from here.
 */
import {
  footerColumns,
  footerLegal,
  footerTagline,
  type IconName,
  iconPaths,
  landingAnchors,
  publicLinks,
} from "@closr/contracts/site";
import { esc } from "./html.ts";

/** The design system's Icon (frontends/ui icons.tsx): decorative, `size` px. */
export const icon = (name: IconName, size: number) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="${iconPaths[name]}"></path></svg>`;

/** The brand link (top-bar.tsx Brand). */
export const brand = () =>
  `<a class="brand" href="/"><span class="brand-mark" aria-hidden="true">C</span><span class="brand-name">Closr</span></a>`;

/** A top-bar link (NavLink): `aria-current` and `active` on the page it names. */
export const navLink = (link: { label: string; href: string }, here: string, extra = "") =>
  `<a${link.href === here ? ' aria-current="page"' : ""} class="nav-link${link.href === here ? " active" : ""}" href="${esc(link.href)}">${esc(link.label)}${extra}</a>`;

/** The phone's menu button (top-bar.tsx); pressing it starts the app, which opens the drawer. */
export const menuButton = () =>
  `<button type="button" class="icon-button show-mobile" aria-label="Open menu" aria-expanded="false">${icon("menu", 22)}</button>`;

/**
 * The top bar a signed-out visitor sees on `path` (top-bar.tsx): the landing page's section
 * anchors on "/", the public links elsewhere, then "Log in" and "Sign up".
 */
export function signedOutTopBar(path: string): string {
  const links = path === "/" ? landingAnchors : publicLinks;
  return `<header class="top-bar"><div class="container top-bar-inner">${brand()}<nav class="top-nav" aria-label="Main">${links.map((link) => navLink(link, path)).join("")}</nav><div class="top-actions"><a class="btn btn-ghost btn-md hide-mobile" href="/auth">Log in</a><a class="btn btn-primary btn-md hide-mobile" href="/auth?tab=signup">Sign up</a>${menuButton()}</div></div></header>`;
}

/** The footer (site-footer.tsx): three columns, copyright and the legal links. */
export function siteFooter(): string {
  const list = (links: readonly { label: string; href: string }[], className: string) =>
    `<ul class="${className}">${links.map((l) => `<li><a href="${esc(l.href)}">${esc(l.label)}</a></li>`).join("")}</ul>`;
  const columns = footerColumns
    .map((c) => `<div><h2 class="footer-heading">${esc(c.title)}</h2>${list(c.links, "footer-links")}</div>`)
    .join("");
  return `<footer class="site-footer"><div class="container footer-grid"><div class="footer-brand">${brand()}<p>${esc(footerTagline)}</p></div>${columns}</div><div class="container footer-bottom"><p>© ${new Date().getFullYear()} Closr. All rights reserved.</p>${list(footerLegal, "footer-legal")}</div></footer>`;
}

/**
 * A whole server-rendered page for a signed-out visitor on `path`: the skip link, the top bar,
 * `main` (a `<main id="main" …>` element) and the footer, in the order of app-layout.tsx.
 */
export const signedOutFrame = (path: string, main: string) =>
  `<a href="#main" class="skip-link">Skip to content</a>${signedOutTopBar(path)}${main}${siteFooter()}`;
