/** The admin remote: builds remoteEntry.js exposing ./register, served from /remotes/admin/. */
import { remoteViteConfig } from "../client/src/federation/remote-vite-config.ts";

export default remoteViteConfig("admin");
