/**
 * The small-screen menu (≤768px): a side drawer. Signed in, it lists every destination of the
 * desktop side menu and user menu (drawerMenu, ADR 0038) with Messages' unread count; signed out,
 * the top bar's page links and the auth buttons.
 */

import { dashboardPath, type NavItem } from "@closr/client";
import type { ApiUser } from "@closr/contracts/client";
import { Button, Icon, LinkButton } from "@closr/ui";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Link, useLocation } from "react-router";
import { UnreadBadge } from "../features/messages/components/unread-badge.tsx";
import type { NavLinkItem } from "./nav-links.ts";

type Props = {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  pageLinks: readonly NavLinkItem[];
  /** The signed-in user's menu (drawerMenu); empty when signed out. */
  menuItems: readonly NavItem[];
  user: ApiUser | null;
  onSignOut: () => void;
};

export function MobileDrawer({ isOpen, onOpenChange, pageLinks, menuItems, user, onSignOut }: Props) {
  const { pathname } = useLocation();
  const close = () => onOpenChange(false);
  const renderLink = (link: NavLinkItem) =>
    link.href.startsWith("#") ? (
      <a key={link.href} href={link.href} className="drawer-link" onClick={close}>
        {link.label}
      </a>
    ) : (
      <Link key={link.href} to={link.href} className="drawer-link" onClick={close}>
        {link.label}
      </Link>
    );
  const renderItem = (item: NavItem) => {
    const current = pathname === item.to || pathname.startsWith(`${item.to}/`);
    return (
      <Link
        key={item.to}
        to={item.to}
        className="drawer-link drawer-menu-link"
        aria-current={current ? "page" : undefined}
        onClick={close}
      >
        <Icon name={item.icon} size={18} />
        <span>{item.label}</span>
        {item.to === "/messages" ? <UnreadBadge /> : null}
      </Link>
    );
  };
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className="drawer-overlay">
      <Modal className="drawer">
        <Dialog className="drawer-dialog" aria-label="Menu">
          <div className="drawer-head">
            <Heading slot="title" className="drawer-title">
              Menu
            </Heading>
            <Button variant="ghost" slot="close" aria-label="Close menu">
              <Icon name="close" />
            </Button>
          </div>
          <nav aria-label="Mobile" className="drawer-nav">
            {menuItems.length > 0 ? <div className="drawer-group">{menuItems.map(renderItem)}</div> : null}
            <div className="drawer-group">{pageLinks.map(renderLink)}</div>
          </nav>
          <div className="drawer-actions">
            {user ? (
              <>
                <LinkButton href={dashboardPath(user.userType)} block onPress={close}>
                  Go to Dashboard
                </LinkButton>
                <Button
                  variant="outline"
                  block
                  onPress={() => {
                    close();
                    onSignOut();
                  }}
                >
                  Log out
                </Button>
              </>
            ) : (
              <>
                <LinkButton href="/auth?tab=signup" block onPress={close}>
                  Sign up
                </LinkButton>
                <LinkButton href="/auth" variant="outline" block onPress={close}>
                  Log in
                </LinkButton>
              </>
            )}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
