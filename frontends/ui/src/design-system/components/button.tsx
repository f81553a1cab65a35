/** Buttons and button-styled links (react-aria-components), in four variants and two sizes. */
import type { ReactNode, Ref } from "react";
import {
  Button as AriaButton,
  type ButtonProps as AriaButtonProps,
  Link as AriaLink,
  type LinkProps as AriaLinkProps,
  composeRenderProps,
} from "react-aria-components";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "destructive";
type Look = {
  variant?: ButtonVariant | undefined;
  size?: "sm" | "md" | "lg" | undefined;
  block?: boolean | undefined;
};

const classes = ({ variant = "primary", size = "md", block }: Look, extra?: string) =>
  ["btn", `btn-${variant}`, `btn-${size}`, block ? "btn-block" : "", extra ?? ""].filter(Boolean).join(" ");

export type ButtonProps = AriaButtonProps & Look & { className?: string; ref?: Ref<HTMLButtonElement> };

export function Button({ variant, size, block, className, children, ...props }: ButtonProps) {
  return (
    <AriaButton {...props} className={classes({ variant, size, block }, className)}>
      {composeRenderProps(children, (content, { isPending }) => (
        <>
          {isPending ? <span className="spinner spinner-inline" aria-hidden="true" /> : null}
          {content}
        </>
      ))}
    </AriaButton>
  );
}

export type LinkButtonProps = Omit<AriaLinkProps, "className" | "children"> &
  Look & { className?: string; children: ReactNode; href: string };

/** A link that looks like a button; client-side navigation through the RouterProvider. */
export function LinkButton({ variant, size, block, className, children, ...props }: LinkButtonProps) {
  return (
    <AriaLink {...props} className={classes({ variant, size, block }, className)}>
      {children}
    </AriaLink>
  );
}
