/**
 * Built frontend files the page server reads for every page — the shell's index.html and each
 * remote's mf-manifest.json — read once and kept, read again only when the file changes on disk
 * (its mtime or size: a remote redeployed beside the running shell, independent-deploy.spec.ts),
 * instead of read and parsed on every request (issue 47, item 5).
 */
import { readFileSync, statSync } from "node:fs";

/**
 * A reader of the text file at a path, parsed by `parse`, cached per path until the file's mtime
 * or size changes. `undefined` when the file cannot be read or parsed (missing, half written).
 */
export function builtFileReader<T>(parse: (text: string) => T): (file: string) => T | undefined {
  const cache = new Map<string, { readonly stamp: string; readonly value: T }>();
  return (file) => {
    try {
      const stat = statSync(file);
      const stamp = `${stat.mtimeMs}:${stat.size}`;
      const kept = cache.get(file);
      if (kept?.stamp === stamp) return kept.value;
      const value = parse(readFileSync(file, "utf8"));
      cache.set(file, { stamp, value });
      return value;
    } catch {
      return undefined;
    }
  };
}
