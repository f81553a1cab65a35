/**
 * The one way a module adds its stylesheet to the page: a `<style id>` appended to <head>
 * once (a second call with the same id does nothing). The CSS travels inside the JavaScript
 * (Vite `?inline`), so it arrives wherever the module is loaded from, the shell or a federated
 * remote. Call it at module level, beside the import, for styles that must be there as soon as
 * the module loads; a page whose stylesheet also styles shared class names calls it in an
 * insertion effect (`useInsertionEffect`), so it joins the page only once the page shows, before
 * its first paint.
 *
 * Outside a browser (the shell's server render, ADR 0051) the stylesheet is recorded instead:
 * the server entry writes every recorded one into the served page's <head> as the same
 * `<style id>`, so the page is styled before its JavaScript runs and the call in the browser
 * finds the id and does nothing. Each recorded sheet keeps who injected it — the shell, or a
 * remote whose server bundle was being evaluated (`recordingStylesOf`, ADR 0053) — so a page of
 * one remote's area does not carry another remote's page styles (`recordedStylesFor`): the same
 * class names styled for two areas must not meet on one page.
 */
const recorded = new Map<string, string>();
const owners = new Map<string, Set<string>>();
/** The remote whose server bundle is being evaluated (synchronously), if any. */
let owner: string | undefined;

/**
 * Server only: the remote whose code is running, read from outside (the server entry's
 * AsyncLocalStorage), for modules a remote's bundle evaluates after `recordingStylesOf` has
 * returned — a page's chunk, imported on first use (ADR 0056).
 */
let runningRemote: () => string | undefined = () => undefined;

/** Server only: sets where `injectStyles` reads the remote whose code is running (see above). */
export function readRunningRemoteFrom(read: () => string | undefined): void {
  runningRemote = read;
}

/** The owner of stylesheets recorded while no remote's bundle is being evaluated. */
const SHELL = "shell";

export function injectStyles(id: string, css: string): void {
  if (typeof document === "undefined") {
    if (!recorded.has(id)) recorded.set(id, css);
    const by = owners.get(id) ?? new Set<string>();
    by.add(owner ?? runningRemote() ?? SHELL);
    owners.set(id, by);
    return;
  }
  if (document.getElementById(id)) return;
  const style = document.createElement("style");
  style.id = id;
  style.textContent = css;
  document.head.appendChild(style);
}

/** The stylesheets recorded outside a browser, by id, in the order first injected (server render). */
export function recordedStyles(): ReadonlyMap<string, string> {
  return recorded;
}

/**
 * Runs `evaluate` (synchronously: a remote's server bundle being evaluated) with every stylesheet
 * it injects recorded as owned by the remote `name`, also those another owner injected first.
 */
export function recordingStylesOf<T>(name: string, evaluate: () => T): T {
  owner = name;
  try {
    return evaluate();
  } finally {
    owner = undefined;
  }
}

/**
 * The recorded stylesheets a page needs, in order: the shell's, and those of `area`'s remote
 * (`undefined`: a page outside the remotes' areas gets the shell's only).
 */
export function recordedStylesFor(area: string | undefined): [string, string][] {
  return [...recorded].filter(([id]) => {
    const by = owners.get(id);
    return !by || by.has(SHELL) || (area !== undefined && by.has(area));
  });
}
