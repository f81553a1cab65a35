/** Writes infra/k8s/closr.yaml from manifests.ts. */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { render } from "./manifests.ts";

writeFileSync(fileURLToPath(new URL("./closr.yaml", import.meta.url)), render());
