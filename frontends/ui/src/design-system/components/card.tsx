/** Surfaces: Card with optional header parts, Badge, Spinner, Skeleton and an Alert. */
import type { HTMLAttributes, ReactNode } from "react";

type DivProps = HTMLAttributes<HTMLDivElement>;
const join = (...names: (string | undefined | false)[]) => names.filter(Boolean).join(" ");

export function Card({ className, ...props }: DivProps) {
  return <div {...props} className={join("card", className)} />;
}

export function CardHeader({ className, ...props }: DivProps) {
  return <div {...props} className={join("card-header", className)} />;
}

export function CardTitle({ children, as: Tag = "h2" }: { children: ReactNode; as?: "h1" | "h2" | "h3" }) {
  return <Tag className="card-title">{children}</Tag>;
}

export function CardDescription({ children }: { children: ReactNode }) {
  return <p className="card-description">{children}</p>;
}

export function CardContent({ className, ...props }: DivProps) {
  return <div {...props} className={join("card-content", className)} />;
}

/**
 * A card whose content opens with its `title` (an h2 `card-title`), then `children`;
 * `className` goes on the content (e.g. "stack").
 */
export function TitledCard({
  title,
  className,
  children,
}: {
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardContent className={className}>
        <CardTitle>{title}</CardTitle>
        {children}
      </CardContent>
    </Card>
  );
}

export type BadgeVariant = "default" | "secondary" | "outline" | "success" | "destructive";

export function Badge({ variant = "default", children }: { variant?: BadgeVariant; children: ReactNode }) {
  return <span className={join("badge", `badge-${variant}`)}>{children}</span>;
}

/** A spinner with an accessible label (role=status). */
export function Spinner({ label = "Loading", size = "md" }: { label?: string; size?: "sm" | "md" | "lg" }) {
  return (
    <span role="status" className="spinner-wrap">
      <span className={join("spinner", `spinner-${size}`)} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A full-area centred spinner for page loads. */
export function PageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner label={label} size="lg" />
    </div>
  );
}

export function Skeleton({ width, height = "1rem" }: { width?: string; height?: string }) {
  return <span className="skeleton" style={{ width, height }} aria-hidden="true" />;
}

export function Alert({
  variant = "destructive",
  children,
}: {
  variant?: "destructive" | "info";
  children: ReactNode;
}) {
  return (
    <div role={variant === "destructive" ? "alert" : "note"} className={join("alert", `alert-${variant}`)}>
      {children}
    </div>
  );
}
