/**
 * bench/search/profile-summary — where a V8 CPU profile's time went (ADR 0043): self time by
 * package (node_modules package, our workspace package, node internals, GC), the top functions
 * by self time, and the inclusive time of the API path's stages (session lookup, validation,
 * the use case on the Effect runtime, postgres.js, match reasons, JSON, gzip, socket writes).
 * Input: a `.cpuprofile` written by `node --cpu-prof` (bench:search's BENCH_API_PROFILE=<dir>).
 * Times are in ms and in % of the non-idle samples; `--from=<s> --to=<s>` keeps only the samples
 * taken that many seconds after the profile started (e.g. the load phase, not the start-up).
 * Run: pnpm tsx bench/search/profile-summary.ts <file.cpuprofile> [--from=s] [--to=s] [--top=n]
 */
import { readFileSync } from "node:fs";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Stages of the API path, by the first matching frame on a sample's stack (innermost wins). */
const stages: [string, (f: CallFrame) => boolean][] = [
  [
    "socket writes (writev/write, node:net)",
    (f) => /^(writev|writeGeneric|writevGeneric)$/.test(f.functionName),
  ],
  ["gzip (zlib)", (f) => /zlib/.test(f.url) || /^(gzipSync|zlibBufferSync)$/.test(f.functionName)],
  ["JSON.stringify / c.json", (f) => f.functionName === "stringify" || /^json$/.test(f.functionName)],
  ["postgres.js (protocol, parse rows)", (f) => /\/postgres@/.test(f.url)],
  ["kysely", (f) => /\/kysely@/.test(f.url)],
  [
    "match score and reasons (core match/relevance)",
    (f) => /core\/src\/profiles\/(match|relevance)\.ts/.test(f.url),
  ],
  [
    "row mapping (toAgent, agentJson)",
    (f) => /^(toAgent|agentJson|owner|ratingSummary)$/.test(f.functionName),
  ],
  ["search appearance counter", (f) => /profile-stats|countSearchAppearances/.test(f.url + f.functionName)],
  [
    "session lookup (sessionResolver)",
    (f) => /identity\.handlers\.ts/.test(f.url) && /sessionResolver|^$/.test(f.functionName),
  ],
  ["validation (zod)", (f) => /\/zod@/.test(f.url)],
  ["Effect runtime", (f) => /\/effect@/.test(f.url)],
  ["hono routing and middleware", (f) => /\/hono@|\/@hono\+/.test(f.url)],
  ["pino logging", (f) => /\/pino/.test(f.url)],
  ["node http (parser, headers)", (f) => /node:_http|node:internal\/http|_http_/.test(f.url)],
];

/** A package name for a script URL: node_modules package, workspace folder, or node internals. */
export function packageOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName.startsWith("(")) return functionName; // (garbage collector), (program), (idle)
    return "(native)";
  }
  const nm = url.match(/node_modules\/\.pnpm\/((?:@[^+/]+\+)?[^@/]+)@/);
  if (nm) return nm[1]!.replace("+", "/");
  const nm2 = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
  if (nm2) return nm2[1]!;
  if (url.startsWith("node:")) return `node:${url.slice(5).split("/").slice(0, 2).join("/")}`;
  const ws = url.match(/\/(core|adapters|services\/api|contracts)\/src\/([^/]+)/);
  if (ws) return `${ws[1]}/${ws[2]}`;
  return url.replace(/^file:\/\//, "");
}

function summarise(profile: CpuProfile, fromS: number, toS: number, top: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  let t = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    const s = t / 1e6;
    if (s < fromS || s > toS) continue;
    const id = profile.samples[i]!;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000);
  }
  let busy = 0;
  let idle = 0;
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const byStage = new Map<string, number>();
  for (const [id, ms] of self) {
    const node = byId.get(id)!;
    const f = node.callFrame;
    if (f.functionName === "(idle)") {
      idle += ms;
      continue;
    }
    busy += ms;
    const pkg = packageOf(f);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
    const fn = `${f.functionName || "(anonymous)"}  ${pkg}:${f.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    // The innermost frame on the stack that names a stage.
    let stage = "other";
    if (f.functionName === "(garbage collector)") stage = "GC";
    else
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const hit = stages.find(([, test]) => test(byId.get(at!)!.callFrame));
        if (hit) {
          stage = hit[0];
          break;
        }
      }
    byStage.set(stage, (byStage.get(stage) ?? 0) + ms);
  }
  const pct = (ms: number) => `${((100 * ms) / busy).toFixed(1).padStart(5)} %`;
  const print = (title: string, m: Map<string, number>, n: number) => {
    console.log(`\n${title}`);
    for (const [k, ms] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n))
      console.log(`  ${ms.toFixed(0).padStart(8)} ms ${pct(ms)}  ${k}`);
  };
  console.log(`busy ${busy.toFixed(0)} ms, idle ${idle.toFixed(0)} ms (${fromS}–${toS} s of the profile)`);
  print("API path stage (innermost stage frame on the stack; self time below it):", byStage, 30);
  print("self time by package:", byPackage, top);
  print("self time by function:", byFunction, top);
}

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--"));
if (!file) {
  console.error("usage: profile-summary.ts <file.cpuprofile> [--from=s] [--to=s] [--top=n]");
  process.exit(2);
}
const opt = (name: string, fallback: number) =>
  Number(args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
summarise(
  JSON.parse(readFileSync(file, "utf8")) as CpuProfile,
  opt("from", 0),
  opt("to", Number.POSITIVE_INFINITY),
  opt("top", 25),
);
