/**
 * The signed-in user's actions at the right of the top bar: the notification bell and the user
 * menu (Profile, Settings, Admin for staff, Log out). Both draw their buttons at once; the open
 * popovers' code arrives when first wanted (notification-bell.tsx, @closr/ui's Menu).
 */
import type { ApiUser } from "@closr/contracts/client";
import { Menu, MenuItem, MenuSeparator } from "@closr/ui";
import { NotificationBell } from "../features/notifications/components/notification-bell.tsx";
import { profilePath } from "./nav-links.ts";
import { UserMenuFace } from "./user-menu-face.tsx";

export function UserActions({ user, onSignOut }: { user: ApiUser; onSignOut: () => void }) {
  return (
    <>
      <NotificationBell />
      <Menu
        label={user.username}
        trigger={<UserMenuFace user={user} />}
        onAction={(key) => {
          if (key === "logout") onSignOut();
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
  );
}
