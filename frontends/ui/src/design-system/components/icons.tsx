/** A small inline icon set (24px grid, stroke = currentColor), decorative unless labelled. */
import { type IconName, iconPaths } from "@closr/contracts/site/ui";
import type { SVGProps } from "react";

const paths = iconPaths;

export type { IconName };

export function Icon({
  name,
  size = 20,
  label,
  ...props
}: { name: IconName; size?: number; label?: string } & Omit<SVGProps<SVGSVGElement>, "name">) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      {...props}
    >
      <path d={paths[name]} />
    </svg>
  );
}
