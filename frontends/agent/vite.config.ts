/** The agent remote: builds remoteEntry.js exposing ./register, served from /remotes/agent/. */
import { remoteViteConfig } from "../client/src/federation/remote-vite-config.ts";

export default remoteViteConfig("agent");
