/**
 * Every page of the admin app, one entry each: its path under /admin, its element, and (when it
 * has one) its dashboard card with a live count from GET /api/admin/stats. To add a page, add one
 * entry here; register.tsx and the dashboard read this list.
 */
import type { components } from "@closr/contracts/client";
import type { IconName } from "@closr/ui";
import type { ReactNode } from "react";
import { AuditLogPage } from "./features/audit/components/audit-log-page.tsx";
import { ContactMessagesPage } from "./features/contact/components/contact-messages-page.tsx";
import { ContentEditorPage } from "./features/content/components/content-editor-page.tsx";
import { ContentListPage } from "./features/content/components/content-list-page.tsx";
import { SettingsPage } from "./features/dashboard/components/settings-page.tsx";
import { MediaLibraryPage } from "./features/media/components/media-library-page.tsx";
import {
  MediationDisputePage,
  MediationQueuePage,
} from "./features/mediation/components/mediation-pages.tsx";
import { QueuePage } from "./features/operations/components/queue-page.tsx";
import { StaffPaymentsPage } from "./features/payments/components/staff-payments-page.tsx";
import { ReviewModerationPage } from "./features/review-moderation/components/review-moderation-page.tsx";
import { UsersPage } from "./features/users/components/users-page.tsx";
import { VerificationQueuePage } from "./features/verification/components/verification-queue-page.tsx";
import { VerificationReviewPage } from "./features/verification/components/verification-review-page.tsx";

export type AdminStats = components["schemas"]["AdminStats"];

export interface AdminCard {
  readonly title: string;
  readonly description: string;
  readonly icon: IconName;
  /** The live number on the card, with what it counts ("3 published of 4"). */
  readonly count?: (stats: AdminStats) => { value: number; label: string };
}

export interface AdminPage {
  /** Relative to /admin ("media", "content/blog"). */
  readonly path: string;
  readonly element: ReactNode;
  readonly card?: AdminCard;
}

const entries = (type: keyof AdminStats["content"]) => (s: AdminStats) => ({
  value: s.content[type].total,
  label: `${s.content[type].published} published`,
});
const list = <ContentListPage />;

export const adminPages: AdminPage[] = [
  // Spec §2.11: the six cards, then the verification queue and users.
  {
    path: "content/about",
    element: list,
    card: {
      title: "About Content",
      description: "Company story, mission and team pages.",
      icon: "file",
      count: entries("about"),
    },
  },
  {
    path: "content/careers",
    element: list,
    card: {
      title: "Careers Content",
      description: "Job openings and career pages.",
      icon: "briefcase",
      count: entries("careers"),
    },
  },
  {
    path: "content/blog",
    element: list,
    card: {
      title: "Blog Content",
      description: "Articles, tips and announcements.",
      icon: "message",
      count: entries("blog"),
    },
  },
  {
    path: "content/press",
    element: list,
    card: {
      title: "Press Content",
      description: "Press releases and media coverage.",
      icon: "bell",
      count: entries("press"),
    },
  },
  {
    path: "media",
    element: <MediaLibraryPage />,
    card: {
      title: "Media Library",
      description: "Images and files used across the site.",
      icon: "image",
      count: (s) => ({ value: s.media, label: "files" }),
    },
  },
  {
    path: "settings",
    element: <SettingsPage />,
    card: {
      title: "Settings",
      description: "Site-wide settings and the audit log.",
      icon: "settings",
      count: (s) => ({ value: s.auditEntries, label: "audit entries" }),
    },
  },
  {
    path: "verification",
    element: <VerificationQueuePage />,
    card: {
      title: "Verification",
      description: "Review verification requests and documents.",
      icon: "shield",
      count: (s) => ({ value: s.openVerifications, label: "waiting" }),
    },
  },
  {
    path: "users",
    element: <UsersPage />,
    card: {
      title: "Users",
      description: "Search, suspend and manage admin access.",
      icon: "users",
      count: (s) => ({ value: s.users, label: "accounts" }),
    },
  },
  {
    path: "content/guide",
    element: list,
    card: {
      title: "Commission Guides",
      description: "Guides shown on the commission guides page.",
      icon: "scale",
      count: entries("guide"),
    },
  },
  {
    path: "content/help",
    element: list,
    card: {
      title: "Help Articles",
      description: "Articles of the Help Centre.",
      icon: "help",
      count: entries("help"),
    },
  },
  {
    path: "contact-messages",
    element: <ContactMessagesPage />,
    card: {
      title: "Contact Messages",
      description: "Messages sent through the contact form.",
      icon: "message",
      count: (s) => ({ value: s.contactMessages, label: "received" }),
    },
  },
  {
    path: "audit-log",
    element: <AuditLogPage />,
    card: {
      title: "Audit Log",
      description: "Every admin action, with before and after.",
      icon: "lock",
      count: (s) => ({ value: s.auditEntries, label: "entries" }),
    },
  },
  { path: "verification/:id", element: <VerificationReviewPage /> },
  {
    path: "reviews",
    element: <ReviewModerationPage />,
    card: {
      title: "Review Moderation",
      description: "Reported reviews waiting for a decision.",
      icon: "star",
    },
  },
  {
    path: "payments",
    element: <StaffPaymentsPage />,
    card: { title: "Payments", description: "Refund payments in full or in part.", icon: "dollar" },
  },
  {
    path: "jobs",
    element: <QueuePage />,
    card: {
      title: "Job Queue",
      description: "Emails, exports, renewals and sweeps; retry failed jobs.",
      icon: "alert",
    },
  },
  {
    path: "disputes",
    element: <MediationQueuePage />,
    card: { title: "Mediation", description: "Disputes waiting for a proposed resolution.", icon: "scale" },
  },
  { path: "disputes/:id", element: <MediationDisputePage /> },
  { path: "content/:contentType", element: list },
  { path: "content/:contentType/:id", element: <ContentEditorPage /> },
];
