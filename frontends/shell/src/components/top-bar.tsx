/** The top bar (spec §2.2): brand, page links, role links, auth buttons or the user menu. */

import { useCurrentUser } from "@closr/client";
import { deferred, Icon, LinkButton, Menu, MenuItem, MenuSeparator, Skeleton } from "@closr/ui";
import { useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { UnreadBadge } from "../features/messages/components/unread-badge.tsx";
import { NotificationBell } from "../features/notifications/components/notification-bell.tsx";
import { drawerMenu, landingAnchors, profilePath, publicLinks, userLinks } from "./nav-links.ts";
import { useSignOut } from "./use-sign-out.ts";

/** The phone drawer, loaded when first opened (its code fetched when the button is pressed or focused). */
const MobileDrawer = deferred("mobile-drawer", () =>
  import("./mobile-drawer.tsx").then((m) => m.MobileDrawer),
);

export function Brand() {
  return (
    <Link to="/" className="brand">
      <span className="brand-mark" aria-hidden="true">
        C
      </span>
      <span className="brand-name">Closr</span>
    </Link>
  );
}

export function TopBar() {
  const { pathname } = useLocation();
  const { data: user, isPending } = useCurrentUser();
  const { signOut } = useSignOut();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const onLanding = pathname === "/";
  const pageLinks = onLanding ? landingAnchors : publicLinks;
  const roleLinks = user ? userLinks(user) : [];

  return (
    <header className="top-bar">
      <div className="container top-bar-inner">
        <Brand />
        <nav className="top-nav" aria-label="Main">
          {pageLinks.map((link) =>
            link.href.startsWith("#") ? (
              <a key={link.href} href={link.href} className="nav-link">
                {link.label}
              </a>
            ) : (
              <NavLink key={link.href} to={link.href} className="nav-link">
                {link.label}
              </NavLink>
            ),
          )}
          {roleLinks.length > 0 ? <span className="nav-divider" aria-hidden="true" /> : null}
          {roleLinks.map((link) => (
            <NavLink key={link.href} to={link.href} className="nav-link">
              {link.label}
              {link.href === "/messages" ? <UnreadBadge /> : null}
            </NavLink>
          ))}
        </nav>
        <div className="top-actions">
          {isPending ? (
            <Skeleton width="8rem" height="2.25rem" />
          ) : user ? (
            <>
              {onLanding ? (
                <LinkButton
                  href={user.userType === "business" ? "/business/dashboard" : "/agent/dashboard"}
                  className="hide-mobile"
                >
                  Go to Dashboard
                </LinkButton>
              ) : null}
              <NotificationBell />
              <Menu
                label={user.username}
                trigger={
                  <>
                    <span className="avatar" aria-hidden="true">
                      {user.username.slice(0, 1).toUpperCase()}
                    </span>
                    <span className="hide-mobile">{user.username}</span>
                    <Icon name="chevronDown" size={16} />
                  </>
                }
                onAction={(key) => {
                  if (key === "logout") signOut();
                }}
              >
                <MenuItem id="profile" href={profilePath(user)}>
                  Profile
                </MenuItem>
                <MenuItem id="settings" href="/settings">
                  Settings
                </MenuItem>
                {user.role === "admin" ? (
                  <MenuItem id="admin" href="/admin">
                    Admin
                  </MenuItem>
                ) : null}
                <MenuSeparator />
                <MenuItem id="logout">Log out</MenuItem>
              </Menu>
            </>
          ) : (
            <>
              <LinkButton href="/auth" variant="ghost" className="hide-mobile">
                Log in
              </LinkButton>
              <LinkButton href="/auth?tab=signup" className="hide-mobile">
                Sign up
              </LinkButton>
            </>
          )}
          <button
            type="button"
            className="icon-button show-mobile"
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            onPointerDown={MobileDrawer.prefetch}
            onFocus={MobileDrawer.prefetch}
            onClick={() => setDrawerOpen(true)}
          >
            <Icon name="menu" size={22} />
          </button>
        </div>
      </div>
      {drawerOpen ? (
        <MobileDrawer
          isOpen={drawerOpen}
          onOpenChange={setDrawerOpen}
          pageLinks={pageLinks}
          menuItems={user ? drawerMenu(user) : []}
          user={user ?? null}
          onSignOut={signOut}
        />
      ) : null}
    </header>
  );
}
