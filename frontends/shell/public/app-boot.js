/* Starts the app of a server-rendered page on the visitor's first interaction (issue 19, ADR 0028).
   The server, when it puts a page's HTML into #root, turns the build's module script into
   <script type="text/x-closr-deferred" data-src="…"> and its modulepreload links into
   <link data-rel="modulepreload" …>, inert: a page nobody touches runs no app JavaScript (about
   300 KiB gzip), and its plain links stay full navigations. On the first pointerdown, pointermove,
   touchstart, keydown, focusin, scroll or wheel, the links become modulepreload again and the
   module script is added. Not on the browser's install offer: Chromium makes it on every load of
   an installable page (Lighthouse's too); public/pwa-early.js keeps it until the app starts and
   shows its Install button. What must work without the app lives here:
   - the service worker is registered after load, at the first idle moment (spec §2.2);
   - text typed into a server-rendered form (/auth) and its focus carry over to the app's form
     (same form aria-label, same field name) once React has rendered it; a form submitted before
     then is submitted again from the app's form. */
(() => {
  // data-start="paint" (the server's default): the page's HTML is not its whole first screen
  // (/contact's form, the blog's tabs are the app's), so the app also starts right after the
  // first contentful paint, as before ADR 0028; "interaction": only on interaction.
  const startOnPaint = document.currentScript?.dataset.start !== "interaction";
  const root = document.getElementById("root");
  const key = (field) => `${field.form?.getAttribute("aria-label") ?? ""}\u0000${field.name}`;
  let started = false;

  /* A press held on the server's page while the app takes over (pointer down on `serverRoot`, not
     yet up): a browser sends a click only to an element under both the press and the release,
     so a swap in between would drop the tap on a link, tab or button. `later(task)` runs `task`
     at once when no press is held; else once, after the release and the click that follows it
     (dispatched in the same task), or 3 s later at most (a release that never comes). `stop()`
     drops a waiting task and removes the listeners. `pressEvent`: the event that started the app, if a pointerdown. */
  const watchPress = (serverRoot, pressEvent) => {
    let held = false;
    let waiting = null;
    let timer;
    const run = () => {
      clearTimeout(timer);
      const task = waiting;
      waiting = null;
      task?.();
    };
    const onDown = (event) => {
      held = event.target instanceof Node && serverRoot.contains(event.target);
    };
    const onUp = () => {
      held = false;
      if (waiting) setTimeout(run, 0);
    };
    const types = { pointerdown: onDown, pointerup: onUp, pointercancel: onUp };
    for (const [type, listener] of Object.entries(types)) document.addEventListener(type, listener, true);
    if (pressEvent?.type === "pointerdown") onDown(pressEvent);
    return {
      later(task) {
        if (!held) return task();
        if (waiting === null) timer = setTimeout(run, 3000);
        waiting = task;
      },
      stop() {
        clearTimeout(timer);
        waiting = null;
        for (const [type, listener] of Object.entries(types))
          document.removeEventListener(type, listener, true);
      },
    };
  };

  /* Carries the server form's values and focus into the app's form with the same key. */
  const carryOver = (pressEvent) => {
    const serverFields = [...(root?.querySelectorAll("form[data-server-form] [name]") ?? [])];
    if (serverFields.length === 0) return;
    let focusedKey = null;
    let submittedForm = null;
    const TAB = "\u0001tab";
    // The server's tabs (/auth: Log In, Sign Up) switch their panels in place until the app
    // has started; then the app's tab of the same name is chosen (and focused if it had focus).
    const tabs = [...(root?.querySelectorAll("[data-server-tabs] [role=tab]") ?? [])];
    const tabName = (tab) => tab.textContent.trim();
    let chosenTab = tabs.length > 0 ? null : undefined; // null: the server's own choice
    const select = (tab, focus) => {
      for (const other of tabs) {
        const on = other === tab;
        other.setAttribute("aria-selected", String(on));
        if (on) other.dataset.selected = "true";
        else delete other.dataset.selected;
        if (on) other.removeAttribute("tabindex");
        else other.setAttribute("tabindex", "-1");
        const panel = document.getElementById(other.getAttribute("aria-controls") ?? "");
        if (panel) panel.hidden = !on;
      }
      chosenTab = tabName(tab);
      if (focus) tab.focus();
    };
    const serverTab = (target) =>
      target instanceof Element ? target.closest("[data-server-tabs] [role=tab]") : null;
    const onClick = (event) => {
      const tab = serverTab(event.target);
      if (!tab) return;
      event.preventDefault();
      select(tab, false);
    };
    const onKey = (event) => {
      const tab = serverTab(event.target);
      if (!tab) return;
      const i = tabs.indexOf(tab);
      const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      select(tabs[(to + tabs.length) % tabs.length], true);
    };
    const onFocus = (event) => {
      const target = event.target;
      if (serverTab(target)) focusedKey = TAB;
      else if (target instanceof Element && target.closest("[data-server-form]") && target.name)
        focusedKey = key(target);
      else if (target instanceof Element && target !== document.body) focusedKey = null;
    };
    const onSubmit = (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-server-form")) return;
      event.preventDefault();
      submittedForm = form.getAttribute("aria-label");
    };
    document.addEventListener("focusin", onFocus, true);
    document.addEventListener("submit", onSubmit, true);
    document.addEventListener("click", onClick, true);
    document.addEventListener("keydown", onKey, true);
    if (document.activeElement instanceof Element) onFocus({ target: document.activeElement });
    const pending = new Map(serverFields.map((field) => [key(field), field]));
    const setValue = (live, value) => {
      const proto = live instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
      Object.getOwnPropertyDescriptor(proto.prototype, "value")?.set?.call(live, value);
      live.dispatchEvent(new Event("input", { bubbles: true }));
    };
    // The app renders into a fresh, hidden #root while the server's page (the old #root, kept
    // in place so its focus is kept) stays usable; they swap in one step once the app shows the
    // chosen tab's form, so no keystroke falls into a gap (the app's session check).
    const serverRoot = root;
    serverRoot.id = "server-root";
    serverRoot.style.cssText = "display:flex;flex-direction:column;min-height:100vh";
    const appRoot = document.createElement("div");
    appRoot.id = "root";
    appRoot.style.display = "none";
    serverRoot.after(appRoot);
    const press = watchPress(serverRoot, pressEvent);
    let swapped = false;
    const swap = () => {
      swapped = true;
      press.stop();
      serverRoot.remove();
      appRoot.style.display = "";
    };
    const restore = () => {
      if (!swapped) {
        let liveTab = null;
        if (chosenTab !== undefined) {
          const selected = tabs.find((t) => t.getAttribute("aria-selected") === "true") ?? tabs[0];
          const name = chosenTab ?? tabName(selected);
          liveTab = [...appRoot.querySelectorAll("[role=tablist] [role=tab]")].find(
            (t) => tabName(t) === name,
          );
          if (!liveTab) return;
          if (liveTab.getAttribute("aria-selected") !== "true") {
            liveTab.click(); // react-aria takes a click without pointer events as a (virtual) press
            return;
          }
        }
        const shownForm = serverRoot.querySelector("form[data-server-form]:not([hidden] *)");
        const label = shownForm?.getAttribute("aria-label");
        if (label && !appRoot.querySelector(`form[aria-label="${CSS.escape(label)}"] [name]`)) return;
        const tabHadFocus = focusedKey === TAB && serverRoot.contains(document.activeElement);
        swap();
        if (tabHadFocus) liveTab?.focus();
        chosenTab = undefined;
      }
      for (const [k, server] of pending) {
        if (server.closest("[hidden]")) {
          pending.delete(k); // a form on the tab not chosen
          continue;
        }
        const [label, name] = k.split("\u0000");
        const live = [
          ...document.querySelectorAll(
            `form[aria-label="${CSS.escape(label)}"] [name="${CSS.escape(name)}"]`,
          ),
        ].filter((f) => !f.closest("[data-server-form]"));
        if (live.length === 0) continue;
        pending.delete(k);
        if (server.type === "radio") {
          const chosen = serverFields.find((f) => key(f) === k && f.checked);
          const match = chosen && live.find((f) => f.value === chosen.value);
          if (match && !match.checked) match.click();
        } else if (server.value !== "" && live[0].value !== server.value) {
          setValue(live[0], server.value);
        }
        if (focusedKey === k) {
          const field = server.type === "radio" ? (live.find((f) => f.checked) ?? live[0]) : live[0];
          field.focus();
          if (typeof field.setSelectionRange === "function" && field.type !== "email") {
            try {
              field.setSelectionRange(server.selectionStart, server.selectionEnd);
            } catch {}
          }
        }
      }
      if (pending.size === 0 && chosenTab === undefined) finish(true);
    };
    const observer = new MutationObserver(() => press.later(restore));
    const finish = (all) => {
      observer.disconnect();
      if (!swapped) swap(); // the app never showed the form: show the app anyway
      document.removeEventListener("focusin", onFocus, true);
      document.removeEventListener("submit", onSubmit, true);
      document.removeEventListener("click", onClick, true);
      document.removeEventListener("keydown", onKey, true);
      clearTimeout(timer);
      if (all && submittedForm !== null) {
        const form = document.querySelector(
          `form[aria-label="${CSS.escape(submittedForm)}"]:not([data-server-form])`,
        );
        // After React has taken the restored values in (their input events are handled at once).
        if (form instanceof HTMLFormElement) setTimeout(() => form.requestSubmit(), 0);
      }
    };
    const timer = setTimeout(() => finish(false), 30000);
    observer.observe(appRoot, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["aria-selected"],
    });
  };

  /* A server-drawn signed-in page (`data-server-screen`: the dashboards, ADR 0033). The app renders
     into a fresh, hidden #root while the server's page stays on screen and usable; they swap in
     one step once the app's main area has settled (a heading, no spinner, skeleton, busy region
     or "–" figure), at most 10 s later. What was typed into the server's forms is first copied
     to the app's form of the same aria-label, field by field in order (native setter + input),
     and a button pressed meanwhile (Connect, the bell, the user menu) is pressed again in the
     app by its name; links stay plain links. A press held on the server's page puts the swap off
     until its release and click (watchPress). */
  const handOverScreen = (pressEvent) => {
    if (!root?.querySelector("[data-server-screen]")) return;
    const serverRoot = root;
    serverRoot.id = "server-root";
    const appRoot = document.createElement("div");
    appRoot.id = "root";
    appRoot.style.display = "none";
    serverRoot.after(appRoot);
    const nameOf = (el) => (el.getAttribute("aria-label") ?? el.textContent).trim();
    let pressed = null;
    const onClick = (event) => {
      const button = event.target instanceof Element ? event.target.closest("button") : null;
      if (!button || !serverRoot.contains(button) || button.type === "submit") return;
      event.preventDefault();
      pressed = nameOf(button);
    };
    document.addEventListener("click", onClick, true);
    const press = watchPress(serverRoot, pressEvent);
    const swapWhenFree = () => press.later(swap);
    const settled = () => {
      const main = appRoot.querySelector("main");
      // Offline, the app's figures will not come: show its frame with the offline notice at once.
      if (!navigator.onLine) return Boolean(main);
      if (!main?.querySelector("h1")) return false;
      if (main.querySelector("[aria-busy=true], .skeleton, .spinner-wrap")) return false;
      return ![...main.querySelectorAll(".stat-value")].some((v) => v.textContent.trim() === "–");
    };
    const swap = () => {
      if (!serverRoot.isConnected) return;
      observer.disconnect();
      clearTimeout(timer);
      press.stop();
      const focused = serverRoot.contains(document.activeElement) ? document.activeElement : null;
      let focusTarget = null;
      for (const form of serverRoot.querySelectorAll("form[aria-label]")) {
        const label = CSS.escape(form.getAttribute("aria-label"));
        const live = appRoot.querySelector(`form[aria-label="${label}"]`);
        if (!live) continue;
        const from = [...form.querySelectorAll("input, select, textarea")];
        const to = [...live.querySelectorAll("input, select, textarea")];
        from.forEach((field, i) => {
          const target = to[i];
          if (!target) return;
          if (field === focused) focusTarget = target;
          if (field.value === target.value || (field.defaultValue ?? "") === field.value) return;
          const proto = Object.getPrototypeOf(target);
          Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(target, field.value);
          target.dispatchEvent(
            new Event(target.tagName === "SELECT" ? "change" : "input", { bubbles: true }),
          );
        });
      }
      const scroll = window.scrollY;
      serverRoot.remove();
      appRoot.style.display = "";
      window.scrollTo(0, scroll);
      focusTarget?.focus();
      document.removeEventListener("click", onClick, true);
      if (pressed !== null) {
        const again = [...appRoot.querySelectorAll("button")].find((b) => nameOf(b) === pressed);
        again?.click(); // react-aria takes a click without pointer events as a (virtual) press
      }
    };
    const observer = new MutationObserver(() => {
      if (settled()) swapWhenFree();
    });
    const timer = setTimeout(swapWhenFree, 10000);
    observer.observe(appRoot, { childList: true, subtree: true, characterData: true });
    window.addEventListener("offline", () => serverRoot.isConnected && settled() && swapWhenFree(), {
      once: true,
    });
  };

  /* Runs `task` after load, at the first idle moment (at most 2 s later). */
  const afterLoadWhenIdle = (task) => {
    const whenIdle = () => {
      if ("requestIdleCallback" in window) requestIdleCallback(task, { timeout: 2000 });
      else setTimeout(task, 1000);
    };
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
  };
  let stopListening = null;
  const triggers = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "scroll", "wheel"];
  const start = (event) => {
    if (started) return;
    started = true;
    stopListening?.();
    for (const type of triggers) window.removeEventListener(type, start, true);
    carryOver(event);
    handOverScreen(event);
    for (const link of document.querySelectorAll("link[data-rel=modulepreload]")) {
      link.rel = "modulepreload";
      link.removeAttribute("data-rel");
    }
    for (const deferred of document.querySelectorAll("script[type='text/x-closr-deferred']")) {
      const script = document.createElement("script");
      script.type = "module";
      script.crossOrigin = "";
      script.src = deferred.dataset.src;
      deferred.replaceWith(script);
    }
  };
  for (const type of triggers) window.addEventListener(type, start, { capture: true, passive: true });
  /* A server-drawn signed-in page (ADR 0033) stays live before the app starts: after load, at
     the first idle moment, this listens on the app's event stream (GET /api/events, ADR 0007),
     and the first new message, read receipt or notification starts the app, which fetches fresh
     figures and takes over (the bell and the unread counts update with nobody touching the page).
     The app opens its own stream; this one closes when the app starts for any reason. */
  if (typeof EventSource !== "undefined") {
    const listen = () => {
      if (started || !document.querySelector("[data-server-screen]")) return;
      const source = new EventSource("/api/events");
      stopListening = () => source.close();
      for (const type of ["message", "read", "notification"]) source.addEventListener(type, start);
    };
    afterLoadWhenIdle(listen);
  }
  // Going offline starts the app too (its scripts are precached): only the app says "You're offline."
  window.addEventListener("offline", start, { once: true });
  if (startOnPaint) {
    // After the paint, not in the frame of it: the next task. At most 3 s (a hidden tab never paints).
    const afterPaint = () => setTimeout(start, 0);
    try {
      const observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName("first-contentful-paint").length > 0) {
          observer.disconnect();
          afterPaint();
        }
      });
      observer.observe({ type: "paint", buffered: true });
    } catch {
      requestAnimationFrame(afterPaint);
    }
    setTimeout(start, 3000);
  }
  // The service worker: after load, at the first idle moment (at most 2 s later). The app's
  // register-sw.ts registers the same script again once it runs, for its update toast.
  if ("serviceWorker" in navigator) {
    const register = () =>
      navigator.serviceWorker
        .register("/sw.js", { scope: "/" })
        .catch((error) => console.warn("service worker not registered:", error));
    afterLoadWhenIdle(register);
  }
})();
