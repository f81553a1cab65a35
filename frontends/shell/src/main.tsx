/** Shell entry: mounts the providers and the router into #root. */
import "@closr/ui/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Providers } from "./app/providers.tsx";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

createRoot(root).render(
  <StrictMode>
    <Providers />
  </StrictMode>,
);
