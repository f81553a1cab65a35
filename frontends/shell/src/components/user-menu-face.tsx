/** The user menu's button face: initial, name (wide screens) and chevron. */
import type { ApiUser } from "@closr/contracts/client";
import { Icon } from "@closr/ui";

export function UserMenuFace({ user }: { user: ApiUser }) {
  return (
    <>
      <span className="avatar" aria-hidden="true">
        {user.username.slice(0, 1).toUpperCase()}
      </span>
      <span className="hide-mobile">{user.username}</span>
      <Icon name="chevronDown" size={16} />
    </>
  );
}
