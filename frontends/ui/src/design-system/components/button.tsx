/**
 * Buttons and button-styled links (react-aria-components), in four variants and two sizes.
 *
 * One press, one request (issue 46): a button that sends — it is given `isPending`, or its
 * `onPress` returns a promise — takes a press once and ignores the next ones until that press's
 * work is over (the promise settled, or `isPending` back to false after it was true), so a double
 * tap sends one request; a submit button's second click is cancelled (its form is not submitted
 * again) the same way. While pending it shows a spinner and is aria-disabled and aria-busy
 * (react-aria keeps it focusable and announces it). A press that starts nothing (`isPending` stays
 * false: a form refused before sending, a dialog opened) frees the button as soon as that is known,
 * once the press's own updates have been drawn (`afterThePressesTurn`), so the next press counts.
 */
import { type ReactNode, type Ref, useEffect, useLayoutEffect, useRef, useState } from "react";
import {
  Button as AriaButton,
  type ButtonProps as AriaButtonProps,
  Link as AriaLink,
  type LinkProps as AriaLinkProps,
  composeRenderProps,
  type PressEvent,
} from "react-aria-components";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "destructive";
type Look = {
  variant?: ButtonVariant | undefined;
  size?: "sm" | "md" | "lg" | undefined;
  block?: boolean | undefined;
};

const classes = ({ variant = "primary", size = "md", block }: Look, extra?: string) =>
  ["btn", `btn-${variant}`, `btn-${size}`, block ? "btn-block" : "", extra ?? ""].filter(Boolean).join(" ");

/**
 * Runs `then` once a press's own work has had its turn: a request started in the press is in its
 * mutation's state at once, TanStack Query tells its observers in a zero-delay timeout, and React
 * draws that (a sync update) in the microtasks after it; two zero-delay timeouts later the button
 * has been drawn with the `isPending` the press caused, if any (issue 46: the fixed one-second hold
 * kept a refused press's button deaf to the press that followed the fix).
 */
const afterThePressesTurn = (then: () => void) => setTimeout(() => setTimeout(then, 0), 0);

export type ButtonProps = Omit<AriaButtonProps, "onPress"> &
  Look & {
    className?: string;
    ref?: Ref<HTMLButtonElement>;
    /** The press; a promise it returns keeps the button pending (and deaf to presses) until it settles. */
    onPress?: ((event: PressEvent) => unknown) | undefined;
  };

/** One press in flight: whether the button has seen its `isPending` turn true. */
type Claim = { sawPending: boolean };

export function Button({
  variant,
  size,
  block,
  className,
  children,
  isPending,
  onPress,
  ref,
  ...props
}: ButtonProps) {
  const [awaiting, setAwaiting] = useState(false);
  const claim = useRef<Claim | null>(null);
  const pending = Boolean(isPending) || awaiting;
  const own = useRef<HTMLButtonElement | null>(null);
  const sendsOnSubmit = props.type === "submit" && isPending !== undefined;

  /** Claims the button for a press whose work shows through `isPending` (freed if it never does). */
  const claimUntilSettled = () => {
    const mine: Claim = { sawPending: false };
    claim.current = mine;
    afterThePressesTurn(() => {
      if (claim.current === mine && !mine.sawPending) claim.current = null;
    });
  };

  // A submit button's click submits its form natively (not through onPress): a click while the
  // button is claimed is cancelled before the form sees it; the first one claims it.
  useEffect(() => {
    const button = own.current;
    if (!button || !sendsOnSubmit) return;
    const onClick = (event: MouseEvent) => {
      if (claim.current) {
        event.preventDefault();
        event.stopImmediatePropagation();
      } else claimUntilSettled();
    };
    button.addEventListener("click", onClick, true);
    return () => button.removeEventListener("click", onClick, true);
  });

  // A layout effect: the claim sees `isPending` in the commit that draws it, before any later press.
  useLayoutEffect(() => {
    const current = claim.current;
    if (!current) return;
    if (isPending) current.sawPending = true;
    else if (current.sawPending) claim.current = null;
  }, [isPending]);

  const press =
    onPress &&
    ((event: PressEvent) => {
      if (claim.current) return;
      const result = onPress(event);
      if (result instanceof Promise) {
        const mine: Claim = { sawPending: true };
        claim.current = mine;
        setAwaiting(true);
        void result
          .catch(() => undefined)
          .finally(() => {
            if (claim.current === mine) claim.current = null;
            setAwaiting(false);
          });
      } else if (isPending !== undefined) claimUntilSettled();
    });
  const setRef = (node: HTMLButtonElement | null) => {
    own.current = node;
    if (typeof ref === "function") ref(node);
    else if (ref) ref.current = node;
  };

  return (
    <AriaButton
      {...props}
      {...(press ? { onPress: press } : {})}
      ref={setRef}
      isPending={pending}
      aria-busy={pending || undefined}
      className={classes({ variant, size, block }, className)}
    >
      {composeRenderProps(children, (content, { isPending: showPending }) => (
        <>
          {showPending ? <span className="spinner spinner-inline" aria-hidden="true" /> : null}
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
