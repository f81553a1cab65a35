/** The six areas of the admin dashboard (spec §2.11). */
import type { IconName } from "@closr/ui";

export type AdminSection = { title: string; description: string; href: string; icon: IconName };

export const adminSections: AdminSection[] = [
  {
    title: "Verification",
    description: "Review verification requests and documents.",
    href: "/admin/verification",
    icon: "shield",
  },
  {
    title: "About Content",
    description: "Company story, mission and team pages.",
    href: "/admin/content/about",
    icon: "file",
  },
  {
    title: "Careers Content",
    description: "Job openings and career pages.",
    href: "/admin/content/careers",
    icon: "briefcase",
  },
  {
    title: "Blog Content",
    description: "Articles, tips and announcements.",
    href: "/admin/content/blog",
    icon: "message",
  },
  {
    title: "Press Content",
    description: "Press releases and media coverage.",
    href: "/admin/content/press",
    icon: "bell",
  },
  {
    title: "Media Library",
    description: "Images and files used across the site.",
    href: "/admin/media",
    icon: "image",
  },
  {
    title: "Settings",
    description: "Site-wide settings and preferences.",
    href: "/admin/settings",
    icon: "settings",
  },
  {
    title: "Payments",
    description: "Refund payments in full or in part.",
    href: "/admin/payments",
    icon: "dollar",
  },
];
