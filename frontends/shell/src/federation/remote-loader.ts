/**
 * Run-time discovery of remotes: fetches /remotes.json ({ name: remoteEntry URL }), registers
 * the named remote with the shell's federation runtime and loads its `./register` module.
 * The runtime is not part of the shell's start (ADR 0054): the first load imports
 * runtime-host.ts, which starts it, beside the /remotes.json request.
 */
import type { RegisterRemote, RemoteModule, RemoteName } from "@closr/client";

export type RemoteManifest = Partial<Record<RemoteName, string>>;

let manifestPromise: Promise<RemoteManifest> | undefined;

async function fetchManifest(): Promise<RemoteManifest> {
  const response = await fetch("/remotes.json", { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`Could not load the list of app modules (${response.status}).`);
  return (await response.json()) as RemoteManifest;
}

function getManifest(): Promise<RemoteManifest> {
  manifestPromise ??= fetchManifest().catch((error: unknown) => {
    manifestPromise = undefined;
    throw error;
  });
  return manifestPromise;
}

const registered = new Set<RemoteName>();

/**
 * Loads a remote's routes. `force` re-registers the remote first, clearing the runtime's
 * cached (possibly failed) entry, which is what Retry needs.
 */
export async function loadRemoteModule(
  name: RemoteName,
  basePath: string,
  force = false,
): Promise<RemoteModule> {
  const started = early.get(name);
  early.delete(name);
  if (started && !force) return started;
  return load(name, basePath, force);
}

/** Loads started by `preloadRemoteModule`, taken (once) by the next `loadRemoteModule`. */
const early = new Map<RemoteName, Promise<RemoteModule>>();

/**
 * Starts loading a remote before the route guard has checked the session (issue 19: the
 * dashboard's JavaScript then arrives in parallel with the session check, not after it).
 * The result, or its failure, goes to the next `loadRemoteModule` of that remote.
 */
export function preloadRemoteModule(name: RemoteName, basePath: string): void {
  if (early.has(name)) return;
  const promise = load(name, basePath, false);
  promise.catch(() => undefined);
  early.set(name, promise);
}

let runtimePromise: Promise<typeof import("./runtime-host.ts")> | undefined;

/** The shell's federation runtime, started on first use (a failed download is retried next time). */
function getRuntime(): Promise<typeof import("./runtime-host.ts")> {
  runtimePromise ??= import("./runtime-host.ts").catch((error: unknown) => {
    runtimePromise = undefined;
    throw error;
  });
  return runtimePromise;
}

async function load(name: RemoteName, basePath: string, force: boolean): Promise<RemoteModule> {
  if (force) manifestPromise = undefined;
  const runtime = getRuntime();
  runtime.catch(() => undefined);
  const manifest = await getManifest();
  const { loadRemote, registerRemotes } = await runtime;
  const entry = manifest[name];
  if (!entry) throw new Error(`The ${name} module is not available right now.`);
  if (force || !registered.has(name)) {
    registerRemotes(
      [
        {
          name,
          entry: new URL(entry, window.location.href).href,
          type: "module",
          entryGlobalName: name,
          shareScope: "default",
        },
      ],
      { force: registered.has(name) },
    );
    registered.add(name);
  }
  let exposed: { default: RegisterRemote } | null;
  try {
    exposed = await loadRemote<{ default: RegisterRemote }>(`${name}/register`);
  } catch (cause) {
    // The runtime's message is long and technical (error code, JSON args, docs link): log it, show a short one.
    console.error(cause);
    throw new Error(
      `The ${name} module could not be downloaded from ${new URL(entry, window.location.href).pathname}.`,
      {
        cause,
      },
    );
  }
  if (!exposed || typeof exposed.default !== "function") {
    throw new Error(`The ${name} module could not be loaded.`);
  }
  return exposed.default({ basePath });
}
