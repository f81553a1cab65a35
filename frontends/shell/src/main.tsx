/** Shell entry: mounts the providers and the router into #root, then registers the service worker. */
import "./pwa/install-prompt-store.ts";
import "@closr/ui/styles.css";
import { createQueryClient } from "@closr/client";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { Providers } from "./app/providers.tsx";
import { router } from "./app/router.tsx";
import { preloadRemoteModule } from "./federation/remote-loader.ts";
import { registerServiceWorker } from "./pwa/register-sw.ts";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// A page in a remote's area: its module starts loading now, beside the session check.
const area = /^\/(business|agent|admin)(?:\/|$)/.exec(window.location.pathname)?.[1];
if (area === "business" || area === "agent" || area === "admin") preloadRemoteModule(area, `/${area}`);

// A transition: React renders the first screen in slices of about 5 ms that yield to the
// browser, not in one long task (issue 19, total blocking time); a server-rendered first
// screen in #root stays on screen until the commit replaces it.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={createQueryClient()} />
    </StrictMode>,
  );
});

registerServiceWorker((path) => void router.navigate(path));
