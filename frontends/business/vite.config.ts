/** The business remote: builds remoteEntry.js exposing ./register, served from /remotes/business/. */
import { remoteViteConfig } from "../client/src/federation/remote-vite-config.ts";

export default remoteViteConfig("business");
