/** Shell entry: mounts the providers and the router into #root, then registers the service worker. */
import "./pwa/install-prompt-store.ts";
import "@closr/ui/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Providers } from "./app/providers.tsx";
import { router } from "./app/router.tsx";
import { registerServiceWorker } from "./pwa/register-sw.ts";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

createRoot(root).render(
  <StrictMode>
    <Providers />
  </StrictMode>,
);

registerServiceWorker((path) => void router.navigate(path));
