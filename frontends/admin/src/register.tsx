/**
 * The admin remote's only export (Module Federation `./register`): routes under /admin
 * (spec §2.11). The shell's guard admits only users with role "admin".
 */
import { ComingSoon, type NavItem, type RegisterRemote } from "@closr/ui";
import { AdminDashboardPage } from "./features/dashboard/components/admin-dashboard-page.tsx";
import { adminSections } from "./features/dashboard/components/admin-sections.ts";
import { ReviewModerationPage } from "./features/review-moderation/review-moderation-page.tsx";
import { VerificationQueuePage } from "./features/verification/components/verification-queue-page.tsx";
import { VerificationReviewPage } from "./features/verification/components/verification-review-page.tsx";

export const navItems: NavItem[] = adminSections.map((section) => ({
  to: section.href,
  label: section.title,
  icon: section.icon,
}));

const register: RegisterRemote = () => ({
  navItems,
  routes: [
    { index: true, element: <AdminDashboardPage /> },
    { path: "verification", element: <VerificationQueuePage /> },
    { path: "verification/:id", element: <VerificationReviewPage /> },
    { path: "reviews", element: <ReviewModerationPage /> },
    ...adminSections
      .filter((section) => section.href !== "/admin/verification")
      .map((section) => ({
        path: section.href.replace(/^\/admin\//, ""),
        element: (
          <ComingSoon title={section.title} description={`${section.title} management is coming soon.`} />
        ),
      })),
    // Other content types (e.g. guide) and the editor (/admin/content/{type}/{id}; "new" creates).
    {
      path: "content/:contentType",
      element: <ComingSoon title="Content" description="Content management is coming soon." />,
    },
    {
      path: "content/:contentType/:id",
      element: <ComingSoon title="Content Editor" description="The content editor is coming soon." />,
    },
  ],
});

export default register;
