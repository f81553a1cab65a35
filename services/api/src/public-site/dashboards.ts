/**
 * The signed-in dashboards' first screen from the server (issue 19, ADR 0033): for a GET of
 * /business/dashboard or /agent/dashboard with a session of that side and a profile, the app's
 * whole page (top bar, side menu, the dashboard with the caller's real figures, footer, bottom
 * bar) as HTML in the app's own classes, so the browser paints it without JavaScript and the app
 * starts on the first interaction (ADR 0028) and swaps in without a layout shift.
 *
 * The figures come from the same core use cases the API handlers call (own profile, open
 * partnerships, top matches, billing, unread counts, monthly commission), with the caller as the
 * user: nothing another user could not see through the API. Words follow the React components
 * (party-home.tsx, dashboard-partners.tsx, quick-search-panel.tsx, top-matches.tsx,
 * profile-card.tsx, top-bar.tsx, side-menu-layout.tsx, bottom-bar.tsx, site-footer.tsx); labels,
 * icons and the card preview are shared through @closr/contracts/site.
 */

import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  experienceLabel,
  type IconName,
  industryLabel,
  locationLabel,
  previewText,
  publicLinks,
} from "@closr/contracts/site";
import type { User } from "@closr/core/identity";
import { monthlyCommission } from "@closr/core/invoice";
import { countUnread } from "@closr/core/messaging";
import { listNotifications } from "@closr/core/notification";
import { listPartnerships, type PartnershipView } from "@closr/core/partnership";
import {
  type AgentProfile,
  type BusinessProfile,
  businessSizeLabels,
  getOwnAgentProfile,
  getOwnBusinessProfile,
  industries as industryValues,
  keywordTerms,
  locations as locationValues,
  type Match,
  searchAgents,
  searchBusinesses,
  skillCatalogue,
} from "@closr/core/profiles";
import { type Billing, getBilling, plans } from "@closr/core/subscription";
import { Effect } from "effect";
import type { AppRuntime, AppServices } from "../runtime.ts";
import { brand, icon, menuButton, siteFooter, navLink as topNavLink } from "./chrome.ts";
import { esc } from "./html.ts";
import type { RenderedPage } from "./render.ts";

type Party = "business" | "agent";

/** The paths this module renders, by the side whose dashboard it is. */
export const dashboardPaths: Readonly<Record<string, Party>> = {
  "/business/dashboard": "business",
  "/agent/dashboard": "agent",
};

type Ranked<P> = { readonly profile: P; readonly match: Match | undefined };

/** What a dashboard shows, read for the signed-in caller (core types, no JSON). */
export type DashboardFigures = {
  readonly user: User;
  readonly unreadMessages: number;
  readonly unreadNotifications: number;
  readonly billing: Billing;
  readonly partnerships: {
    readonly items: readonly PartnershipView[];
    readonly counts: { active: number; pending: number };
  };
} & (
  | {
      readonly party: "business";
      readonly profile: BusinessProfile;
      readonly matches: readonly Ranked<AgentProfile>[];
    }
  | {
      readonly party: "agent";
      readonly profile: AgentProfile;
      readonly matches: readonly Ranked<BusinessProfile>[];
      /** This month's paid commission (Sydney month), gross and net, in cents. */
      readonly commission: { readonly paidCents: number; readonly netCents: number };
    }
);

/**
 * The caller's dashboard figures through the core use cases the API handlers use (GET
 * /api/business-profiles or /api/agent-profiles, /api/partnerships?status=pending,active,
 * the top 3 matches, /api/subscription, the unread counts, /api/invoice-summary). Undefined when
 * the caller is not of `party`, has no profile yet, or a read fails: the page is then left to
 * the app, as before (its welcome state, its error with Retry).
 */
export async function loadDashboardFigures(
  runtime: AppRuntime,
  user: User,
  party: Party,
): Promise<DashboardFigures | undefined> {
  if (user.userType !== party) return undefined;
  const common = Effect.all(
    {
      unreadMessages: countUnread(user),
      unreadNotifications: Effect.map(listNotifications(user), (list) => list.unread),
      billing: getBilling(user),
      partnerships: listPartnerships(user, { statuses: ["pending", "active"], page: 1, pageSize: 100 }),
    },
    { concurrency: "unbounded" },
  );
  const search = {
    keywords: keywordTerms(undefined),
    verifiedOnly: false,
    sort: "match",
    page: 1,
    pageSize: 3,
  } as const;
  const figures: Effect.Effect<DashboardFigures, unknown, AppServices> =
    party === "business"
      ? Effect.map(
          Effect.all(
            { common, profile: getOwnBusinessProfile(user), matches: searchAgents(user, search) },
            { concurrency: "unbounded" },
          ),
          ({ common, profile, matches }) => ({ ...common, user, party, profile, matches: matches.items }),
        )
      : Effect.map(
          Effect.all(
            {
              common,
              profile: getOwnAgentProfile(user),
              matches: searchBusinesses(user, search),
              commission: monthlyCommission(user),
            },
            { concurrency: "unbounded" },
          ),
          ({ common, profile, matches, commission }) => ({
            ...common,
            user,
            party,
            profile,
            matches: matches.items,
            commission: { paidCents: commission.paidCents, netCents: commission.netCents },
          }),
        );
  const result = await runtime.runPromise(Effect.either(figures));
  return result._tag === "Right" ? result.right : undefined;
}

// --- markup helpers, in the design system's classes -------------------------------------------

/** CountBadge: nothing for 0, "99+" above 99. */
const countBadge = (count: number, noun: string, className: string) =>
  count > 0
    ? `<span class="${className}"><span class="visually-hidden">, </span>${count > 99 ? "99+" : count}<span class="visually-hidden"> ${noun}</span></span>`
    : "";
const countName = (label: string, count: number, noun: string) =>
  count > 0 ? `${label}, ${count > 99 ? "99+" : count} ${noun}` : label;

const money = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });
const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "17 Jul 2026" (the app's formatDate: date-fns "PP" in en-AU), on the Sydney calendar. */
const dateText = (date: Date | null) => {
  if (!date) return "N/A";
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-AU", {
      day: "numeric",
      month: "numeric",
      year: "numeric",
      timeZone: "Australia/Sydney",
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day} ${months[Number(parts.month) - 1]} ${parts.year}`;
};

const linkButton = (href: string, variant: string, size: string, inner: string, label?: string) =>
  `<a class="btn btn-${variant} btn-${size}"${label ? ` aria-label="${esc(label)}"` : ""} href="${esc(href)}">${inner}</a>`;

const areas = {
  business: {
    menuLabel: "Business menu",
    find: { path: "find-agents", label: "Find Agents" },
    partners: { path: "active-agents", label: "Active Agents" },
    money: { path: "payments", label: "Payments", icon: "dollar" as IconName },
    insights: { to: "/analytics", label: "Analytics" },
    tabs: { partners: "Agents" },
  },
  agent: {
    menuLabel: "Agent menu",
    find: { path: "find-businesses", label: "Find Businesses" },
    partners: { path: "current-partners", label: "Current Partners" },
    money: { path: "invoices", label: "Invoices", icon: "file" as IconName },
    insights: { to: "/performance", label: "Performance" },
    tabs: { partners: "Partners" },
  },
} as const;

/** The top bar (top-bar.tsx) for a signed-in user: page links, role links, bell, user menu. */
function topBar(f: DashboardFigures): string {
  const area = areas[f.party];
  const role = [
    { label: "Dashboard", href: `/${f.party}/dashboard` },
    { label: area.find.label, href: `/${f.party}/${area.find.path}` },
    { label: area.partners.label, href: `/${f.party}/${area.partners.path}` },
    { label: "Messages", href: "/messages" },
    ...(f.user.role === "admin" ? [{ label: "Admin", href: "/admin" }] : []),
  ];
  const here = `/${f.party}/dashboard`;
  const navLink = (l: { label: string; href: string }) =>
    topNavLink(l, here, l.href === "/messages" ? countBadge(f.unreadMessages, "unread", "unread-count") : "");
  const n = f.unreadNotifications;
  const name = esc(f.user.username);
  return `<header class="top-bar"><div class="container top-bar-inner">${brand()}<nav class="top-nav" aria-label="Main">${publicLinks
    .map(navLink)
    .join(
      "",
    )}<span class="nav-divider" aria-hidden="true"></span>${role.map(navLink).join("")}</nav><div class="top-actions"><button class="icon-button notification-bell" type="button" aria-expanded="false" aria-label="${n > 0 ? `Notifications: ${n} unread` : "Notifications: none unread"}">${icon("bell", 20)}${n > 0 ? `<span class="unread-count unread-count-dot" aria-hidden="true">${n > 99 ? "99+" : n}</span>` : ""}</button><button class="btn btn-ghost btn-md menu-trigger" type="button" aria-haspopup="true" aria-expanded="false" aria-label="${name}"><span class="avatar" aria-hidden="true">${esc(f.user.username.slice(0, 1).toUpperCase())}</span><span class="hide-mobile">${name}</span>${icon("chevronDown", 16)}</button>${menuButton()}</div></div></header>`;
}

/** The side menu (side-menu-layout.tsx, party-remote.tsx partyNavItems) with its badges and plan. */
function sideMenu(f: DashboardFigures): string {
  const area = areas[f.party];
  const base = `/${f.party}`;
  const items: { to: string; label: string; icon: IconName; badge?: [number, string] }[] = [
    { to: `${base}/dashboard`, label: "Dashboard", icon: "home" },
    { to: `${base}/${area.find.path}`, label: area.find.label, icon: "search" },
    {
      to: `${base}/${area.partners.path}`,
      label: area.partners.label,
      icon: "users",
      // The caller's active partnerships: the same figure as the dashboard's first tile.
      badge: [f.partnerships.counts.active, "active"],
    },
    { to: `${base}/${area.money.path}`, label: area.money.label, icon: area.money.icon },
    { to: `${base}/profile`, label: "Profile", icon: "user" },
    // The agent remote's extra page (frontends/agent/src/register.tsx extraNavItems).
    ...(f.party === "agent" ? [{ to: "/agent/payouts", label: "Payouts", icon: "dollar" as IconName }] : []),
    { to: "/messages", label: "Messages", icon: "message", badge: [f.unreadMessages, "unread"] },
    { to: area.insights.to, label: area.insights.label, icon: "chart" },
    { to: "/reviews", label: "Reviews", icon: "star" },
    { to: "/settings", label: "Settings", icon: "settings" },
    { to: "/help", label: "Help", icon: "help" },
  ];
  const links = items
    .map((item) => {
      const current = item.to === `${base}/dashboard`;
      const label = item.badge ? countName(item.label, item.badge[0], item.badge[1]) : item.label;
      return `<li><a${current ? ' aria-current="page"' : ""}${label !== item.label ? ` aria-label="${label}"` : ""} class="side-link${current ? " active" : ""}" href="${item.to}">${icon(item.icon, 18)}<span>${item.label}</span>${item.badge ? countBadge(item.badge[0], item.badge[1], "side-badge") : ""}</a></li>`;
    })
    .join("");
  return `<aside class="side-menu" aria-label="${area.menuLabel}"><nav aria-label="${area.menuLabel}"><ul>${links}</ul></nav><div class="side-footer">${planStatus(f.billing)}</div></aside>`;
}

/** The sidebar's plan card (plan-status.tsx PlanStatus). */
function planStatus(billing: Billing): string {
  const s = billing.subscription;
  const pastDue = s?.status === "past_due";
  const title = plans[pastDue && s ? s.planId : billing.entitlements.planId].title;
  const status =
    !s || s.status === "canceled" || s.status === "incomplete_expired" || s.status === "incomplete"
      ? "Free plan"
      : s.status === "past_due"
        ? "Payment failed"
        : s.cancelAtPeriodEnd
          ? "Cancels at period end"
          : "Active";
  return `<a class="plan-status" aria-label="Plan: ${esc(title)}, ${status}" href="/settings/billing"><span class="plan-status-name">${esc(title)}</span><span class="plan-status-state${pastDue ? " is-warning" : ""}">${status}</span></a>`;
}

/** The past_due banner (plan-status.tsx PastDueBanner), or nothing. */
function pastDueBanner(billing: Billing): string {
  const s = billing.subscription;
  if (s?.status !== "past_due") return "";
  const ends = billing.entitlements.graceEndsAt;
  const until = ends
    ? ` (features stay on until ${ends.toLocaleDateString("en-AU", { day: "numeric", month: "short" })})`
    : "";
  return `<div class="past-due-banner" role="alert"><p><strong>Your last payment failed.</strong> Update your card to keep your ${esc(plans[s.planId].title)} plan${until}.</p>${linkButton("/settings/billing", "primary", "sm", "Update card")}</div>`;
}

/**
 * For the blocks below a phone's first screen (the partners panel, top matches; not the footer,
 * whose dark background axe then misses in its contrast check):
 * the browser lays them out and paints them only when they come near the viewport, which keeps
 * the first paint's style and layout work (Lighthouse's blocking time) to the first screen. The
 * app's own markup, swapped in at the first interaction, has no such style.
 */
const later = (height: number) => ` style="content-visibility:auto;contain-intrinsic-size:auto ${height}px"`;

/** A stat tile (profile-ui.tsx StatTile); `valueHtml`, when given, is markup in place of `value`. */
const statTile = (iconName: IconName, label: string, value: string, note: string, valueHtml?: string) =>
  `<div class="card stat-tile"><div class="card-content"><div class="stat-head"><span class="stat-label">${label}</span><span class="stat-icon" aria-hidden="true">${icon(iconName, 18)}</span></div><p class="stat-value">${valueHtml ?? esc(value)}</p><p class="stat-note">${esc(note)}</p></div></div>`;

const panelHead = (title: string, href: string, more: string) =>
  `<div class="dashboard-panel-head"><h2>${title}</h2>${linkButton(href, "ghost", "sm", `${more} ${icon("arrowRight", 16)}`)}</div>`;

/**
 * The quick search panel (quick-search-panel.tsx) as a plain GET form to the find page with the
 * same `q` and filter parameters the app's form builds: it searches without the app.
 */
function quickSearch(f: DashboardFigures): string {
  const business = f.party === "business";
  const findPath = `/${f.party}/${areas[f.party].find.path}`;
  const filter = business
    ? {
        name: "location",
        label: "Location",
        all: "All locations",
        values: locationValues,
        label_: locationLabel,
      }
    : {
        name: "industry",
        label: "Industry",
        all: "All industries",
        values: industryValues,
        label_: industryLabel,
      };
  const chosen = f.party === "business" ? f.profile.location : "";
  const options = [
    `<option value="">${filter.all}</option>`,
    ...filter.values.map(
      (v) => `<option value="${esc(v)}"${v === chosen ? " selected" : ""}>${esc(filter.label_(v))}</option>`,
    ),
  ].join("");
  return `<div class="card dashboard-panel"><div class="card-content">${panelHead(business ? "Find sales agents" : "Find businesses", findPath, business ? "Advanced search" : "All filters")}<form class="quick-search" aria-label="${business ? "Search agents" : "Search businesses"}" method="get" action="${findPath}"><div class="field"><label for="ssr-quick-keyword" class="field-label">Keyword</label><input placeholder="${business ? "e.g. enterprise SaaS" : "e.g. healthcare software"}" id="ssr-quick-keyword" class="field-input native-input" type="search" name="q" value=""></div><div class="field"><label for="ssr-quick-filter" class="field-label">${filter.label}</label><select id="ssr-quick-filter" class="field-input native-input native-select" name="${filter.name}">${options}</select></div><button class="btn btn-primary btn-md" type="submit">${business ? "Search Agents" : "Search Businesses"}</button></form></div></div>`;
}

/** The partners panel (dashboard-partners.tsx): up to 2 active partners and the waiting requests. */
function partnersPanel(f: DashboardFigures, pendingIncoming: number): string {
  const business = f.party === "business";
  const title = business ? "Active agents" : "Active partners";
  const partnershipsPath = `/${f.party}/${areas[f.party].partners.path}`;
  const shown = f.partnerships.items.filter((p) => p.status === "active").slice(0, 2);
  const rows =
    shown.length === 0
      ? `<p class="muted">No active partnerships yet. <a class="text-link" href="/${f.party}/${areas[f.party].find.path}">${business ? "Find agents" : "Find businesses"}</a> and send a connection request; once it's accepted, your partners show here.</p>`
      : `<ul class="partner-rows" aria-label="${title}">${shown
          .map((p) => {
            const name = business ? p.agent.fullName : p.business.companyName;
            const sub = business ? p.agent.specialization : industryLabel(p.business.industry);
            const location = business ? p.agent.location : p.business.location;
            const userId = business ? p.agent.owner.userId : p.business.owner.userId;
            return `<li class="partner-row"><span class="profile-initial" aria-hidden="true">${esc(name.trim().slice(0, 1).toUpperCase() || "?")}</span><div class="partner-row-text"><p class="partner-row-name">${esc(name)}</p><p class="partner-row-sub">${esc(sub)} · ${esc(locationLabel(location))} · Since ${dateText(p.startDate)}</p></div>${linkButton(`/messages?with=${userId}`, "outline", "sm", `${icon("message", 16)} Message`, `Message ${name}`)}</li>`;
          })
          .join("")}</ul>`;
  const note =
    pendingIncoming > 0
      ? `<p class="partnership-note">${icon("bell", 14)}<a class="text-link" href="${partnershipsPath}?tab=pending">${pendingIncoming === 1 ? "1 connection request is waiting for your answer" : `${pendingIncoming} connection requests are waiting for your answer`}</a></p>`
      : "";
  return `<div class="card dashboard-panel"${later(260)}><div class="card-content">${panelHead(title, partnershipsPath, "View All")}${rows}${note}</div></div>`;
}

const skillEmoji = new Map(skillCatalogue.map((s) => [s.name, s.emoji]));

/** A search card (profile-card.tsx with agent-card.tsx or business-card.tsx's facts). */
function profileCard(f: DashboardFigures, item: Ranked<AgentProfile> | Ranked<BusinessProfile>): string {
  const business = f.party === "business";
  const p = item.profile;
  const agent = business ? (p as AgentProfile) : undefined;
  const company = business ? undefined : (p as BusinessProfile);
  const name = agent ? agent.fullName : (company?.companyName ?? "");
  const subtitle = agent ? agent.specialization : industryLabel(company?.industry ?? "");
  const description = agent ? agent.bio : company?.description;
  const href = agent ? `/business/agents/${p.id}` : `/agent/businesses/${p.id}`;
  const match = item.match;
  const level = match ? (match.score >= 70 ? "high" : match.score >= 40 ? "medium" : "low") : "";
  const facts = agent
    ? `<span>${icon("home", 14)} ${esc(locationLabel(agent.location))}</span><span>${icon("briefcase", 14)} ${esc(experienceLabel(agent.yearsOfExperience))}</span><span>${icon("dollar", 14)} Min. ${agent.minimumCommissionRate}% commission</span>`
    : `<span>${icon("home", 14)} ${esc(locationLabel(company?.location ?? ""))}</span><span>${icon("users", 14)} ${esc(businessSizeLabels[company?.size as keyof typeof businessSizeLabels] ?? company?.size ?? "")}</span>`;
  const rating = p.rating;
  const ratingLine =
    !rating || rating.count === 0 || rating.average === null
      ? '<span class="rating-line rating-none">No reviews yet</span>'
      : `<span class="rating-line" title="Average rating"><span aria-hidden="true">★</span> ${rating.average.toFixed(1)} <span class="rating-count">(${rating.count} review${rating.count === 1 ? "" : "s"})</span></span>`;
  const verified =
    p.owner.verificationStatus === "verified"
      ? `<span class="badge badge-success">${icon("shield", 14)} Verified</span>`
      : "";
  const featured = agent?.featured ? '<span class="badge badge-default">Featured</span>' : "";
  const skills = agent && agent.skills.length > 0 ? skillChips(agent.skills, 4) : "";
  const reasons =
    match && match.reasons.length > 0
      ? `<ul class="chip-list" aria-label="Why it matches">${match.reasons
          .slice(0, 3)
          .map((r) => `<li class="chip chip-reason">${icon("check", 13)}${esc(r)}</li>`)
          .join("")}</ul>`
      : "";
  const standing = f.partnerships.items.find((x) => (business ? x.agentId : x.businessId) === p.id);
  const partnershipsPath = `/${f.party}/${areas[f.party].partners.path}`;
  const connect =
    standing?.status === "active"
      ? linkButton(
          partnershipsPath,
          "secondary",
          "sm",
          `${icon("check", 16)} Partner`,
          `Partner: ${name}, open partnerships`,
        )
      : standing?.status === "pending"
        ? '<button class="btn btn-secondary btn-sm" type="button" disabled>Requested</button>'
        : `<button class="btn btn-primary btn-sm" type="button" aria-label="Connect with ${esc(name)}">Connect</button>`;
  return `<article class="card profile-card" aria-label="${esc(name)}"><div class="profile-card-head"><span class="profile-initial" aria-hidden="true">${esc(name.trim().slice(0, 1).toUpperCase() || "?")}</span><div class="profile-card-title"><h3 class="profile-card-name">${esc(name)}</h3><p class="profile-card-sub">${esc(subtitle)}</p></div>${match ? `<span class="match-score" data-level="${level}"><strong>${match.score}%</strong> match</span>` : ""}</div><div class="profile-facts">${facts}${ratingLine}${verified}${featured}</div>${description ? `<p class="profile-preview">${esc(previewText(description))}</p>` : ""}${skills}${reasons}<div class="profile-card-actions"><a class="btn btn-outline btn-sm" href="${href}">View profile</a>${connect}</div></article>`;
}

/** SkillChips (profile-ui.tsx): up to `limit` skills with their emoji, then "+n". */
function skillChips(skills: readonly string[], limit: number): string {
  const shown = skills.slice(0, limit);
  const more = skills.length - shown.length;
  return `<ul class="chip-list" aria-label="Skills">${shown
    .map((s) => {
      const emoji = skillEmoji.get(s);
      return `<li class="chip">${emoji ? `<span aria-hidden="true">${emoji} </span>` : ""}${esc(s)}</li>`;
    })
    .join(
      "",
    )}${more > 0 ? `<li class="chip chip-more"><span aria-hidden="true">+${more}</span><span class="visually-hidden">and ${more} more</span></li>` : ""}</ul>`;
}

/** The dashboard itself (party-home.tsx with business-home.tsx or agent-home.tsx). */
function dashboardBody(f: DashboardFigures, pendingIncoming: number): string {
  const business = f.party === "business";
  const { active, pending } = f.partnerships.counts;
  const header = business
    ? {
        title: `Welcome back, ${f.profile.companyName}!`,
        description: "Here's how your agent search is going.",
      }
    : {
        title: `Welcome, ${f.user.username}!`,
        description: `${f.profile.fullName} · ${f.profile.specialization}`,
      };
  const third =
    f.party === "business"
      ? active === 0
        ? statTile("chart", "Agent Performance", "N/A", "No active agents yet")
        : statTile(
            "chart",
            "Agent Performance",
            "",
            "Sales, commission and invoices by agent",
            '<a class="stat-link" href="/analytics">View analytics</a>',
          )
      : statTile(
          "dollar",
          "Monthly Commission",
          money.format(f.commission.paidCents / 100),
          `Gross this month · ${money.format(f.commission.netCents / 100)} net after fees`,
        );
  const findPath = `/${f.party}/${areas[f.party].find.path}`;
  const matches =
    f.matches.length === 0
      ? `<p class="muted">No ${business ? "agents" : "businesses"} to suggest yet.</p>`
      : `<div class="result-grid">${f.matches.map((m) => profileCard(f, m)).join("")}</div>`;
  return `<div class="stack-lg"><header class="page-header"><div><h1 class="page-title">${esc(header.title)}</h1><p class="page-description">${esc(header.description)}</p></div><div class="page-actions">${linkButton(`/${f.party}/profile`, "outline", "md", "Edit Profile")}</div></header><div class="stat-grid">${statTile("users", business ? "Active Agents" : "Current Partnerships", String(active), business ? "Agents you partner with" : "Active partners")}${statTile("bell", business ? "Pending Applications" : "Pending Opportunities", String(pending), "Connection requests sent or received")}${third}</div>${quickSearch(f)}${partnersPanel(f, pendingIncoming)}<section class="stack-lg" aria-labelledby="top-matches"${later(1200)}><div class="dashboard-panel-head"><h2 id="top-matches" class="card-title">Top matches</h2>${linkButton(findPath, "ghost", "sm", `View all ${icon("arrowRight", 16)}`)}</div>${matches}</section></div>`;
}

/** The phone's bottom tab bar (bottom-bar.tsx, nav-links.ts bottomTabs). */
function bottomBar(f: DashboardFigures): string {
  const base = `/${f.party}`;
  const area = areas[f.party];
  const tabs: [string, string, IconName][] = [
    ["Dashboard", `${base}/dashboard`, "home"],
    ["Find", `${base}/${area.find.path}`, "search"],
    ["Messages", "/messages", "message"],
    [area.tabs.partners, `${base}/${area.partners.path}`, "users"],
    ["Profile", `${base}/profile`, "user"],
  ];
  return `<nav class="bottom-bar" aria-label="Quick navigation">${tabs
    .map(([label, href, name], i) => {
      const active = i === 0;
      return `<a class="bottom-tab"${active ? ' data-active="true" aria-current="page"' : ""} href="${href}">${icon(name, 22)}<span>${label}</span>${href === "/messages" ? countBadge(f.unreadMessages, "unread", "unread-count") : ""}</a>`;
    })
    .join("")}</nav>`;
}

/**
 * The whole signed-in dashboard page as the app draws it (app-layout.tsx): skip link, top bar,
 * the side menu beside the dashboard, footer and bottom bar. `data-server-screen` tells
 * public/app-boot.js to keep this page on screen until the app has drawn its own dashboard.
 */
export function renderDashboardPage(f: DashboardFigures): RenderedPage {
  const pendingIncoming = f.partnerships.items.filter(
    (p) => p.status === "pending" && p.requestedBy !== f.user.userType,
  ).length;
  return {
    title: f.party === "business" ? "Business Dashboard | Closr" : "Agent Dashboard | Closr",
    description: "Your Closr dashboard: partnerships, matches and figures.",
    type: "website",
    startOn: "interaction",
    body: `<div data-server-screen="dashboard" style="display:contents"><a href="#main" class="skip-link">Skip to content</a>${topBar(f)}<main id="main" class="main" tabindex="-1"><div class="side-layout container">${sideMenu(f)}<div class="side-main">${pastDueBanner(f.billing)}${dashboardBody(f, pendingIncoming)}</div></div></main>${siteFooter()}${bottomBar(f)}</div>`,
  };
}

let stylesCache: { readonly file: string; readonly mtimeMs: number; readonly html: string } | undefined;

/**
 * The stylesheets the app injects from JavaScript that the dashboards' first screen needs, as
 * `<style id>` elements with the ids @closr/ui's injectStyles uses (so the app does not add them
 * again): read from the shell build's first-screen-styles.json (frontends/shell/vite.config.ts),
 * re-read when the build changes. Empty when the build has none.
 */
export function firstScreenStyles(shellDist: string): string {
  const file = join(shellDist, "first-screen-styles.json");
  try {
    const { mtimeMs } = statSync(file);
    if (stylesCache?.file !== file || stylesCache.mtimeMs !== mtimeMs) {
      const sheets = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
      const html = Object.entries(sheets)
        .map(([id, css]) => `<style id="${esc(id)}">${css.replace(/<\/style/gi, "<\\/style")}</style>`)
        .join("");
      stylesCache = { file, mtimeMs, html };
    }
    return stylesCache.html;
  } catch {
    return "";
  }
}
