/**
 * The browser journeys (e2e/tests) type like a person (issue 46, item 5): Playwright's `fill`
 * sets a field's whole value at once, the way a paste does, and so hid a sale-value field that
 * lost focus after every key. This test fails when a journey
 * - calls `.fill(` on a money field (dollars, AUD, amount, price, fee, rate, commission, refund,
 *   total, sale value) or a date field (date, due, expiry, `type=date`), or with a value that is
 *   a money amount or a date, even when marked as a paste; or
 * - calls `.fill(` at all without a trailing `// paste` comment on the statement's last line
 *   (an API key, a long token, a URL copied from an e-mail — where a person pastes).
 * Everything else is typed with `pressSequentially` (or support.ts's `retype` over a value).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const journeys = join(root, "e2e", "tests");

/** Words that make a field a money field, in its label, name, role name or selector. */
const moneyField =
  /\$|\bAUD\b|amount|price|\bfee|\bcost|\brate\b|commission|refund|salary|budget|\btotal\b|sale value|\bpays?\b|\bcents?\b|\bgst\b/i;
/** Words or selectors that make a field a date field. */
const dateField = /date|\bdue\b|expir|deadline|birth|\bdob\b|type=["']?date|datetime/i;
/** A value that is an amount of money ("480.00", "$1,000", "150") or a date ("2026-12-02", "02/12/2026"). */
const moneyOrDateValue =
  /^\s*["'`]\s*(\$?\d[\d,]*(\.\d{1,2})?|\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{2,4})\s*["'`]\s*$/;

/** A line after which a statement starts: one ending a statement or block, a blank or comment line. */
const statementBoundary = /[;{}]\s*(\/\/.*)?$|\*\/\s*$|^\s*$|^\s*\/\//;

/** One offending `.fill(` call: where it is and why it is refused. */
export type FillViolation = { readonly file: string; readonly line: number; readonly reason: string };

/** Index of the `)` that closes the `(` at `open` in `source`, skipping strings; -1 when none. */
function closingParen(source: string, open: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return -1;
}

/**
 * The `.fill(` calls of one journey file (`source`, named `file` in the answer) that a person
 * would not make: see the module's docstring. A statement is taken from the line after the last
 * line ending in `;`, `{`, `}` or `*\/` (or blank, or a comment line) before the call, to the line where the call's statement
 * ends; a receiver that starts with a plain name (`amount.fill(…)`) is read together with that
 * name's `const` initializer in the same file.
 */
export function fillViolations(source: string, file: string): FillViolation[] {
  const violations: FillViolation[] = [];
  const lines = source.split("\n");
  const lineOf = (index: number) => source.slice(0, index).split("\n").length;
  for (const match of source.matchAll(/\.fill\(/g)) {
    const at = match.index;
    const callLine = lineOf(at);
    let first = callLine;
    while (first > 1 && !statementBoundary.test(lines[first - 2] ?? "")) first--;
    const close = closingParen(source, at + ".fill".length);
    const lastLine = close === -1 ? callLine : lineOf(close);
    const lineStart = source.lastIndexOf("\n", at - 1) + 1;
    const receiverStart = lines.slice(0, first - 1).join("\n").length + (first > 1 ? 1 : 0);
    const receiver = source.slice(Math.min(receiverStart, lineStart), at).replace(/^\s*await\s+/, "");
    const args = close === -1 ? "" : source.slice(at + ".fill(".length, close);
    const name =
      /^\s*([A-Za-z_$][\w$]*)\s*\./.exec(receiver)?.[1] ?? /^\s*([A-Za-z_$][\w$]*)\s*$/.exec(receiver)?.[1];
    const declared = name
      ? (new RegExp(`(?:const|let)\\s+${name.replace("$", "\\$")}\\s*=([^;]*);`).exec(source)?.[1] ?? "")
      : "";
    // page.fill(selector, value): the selector is part of the field, the last argument the value.
    const commaAt = args.search(/,(?=(?:[^"'`]|["'`][^"'`]*["'`])*$)/);
    const selector = commaAt === -1 ? "" : args.slice(0, commaAt);
    const value = commaAt === -1 ? args : args.slice(commaAt + 1);
    // A template literal's `${…}` is not a dollar sign in a label.
    const field = `${receiver} ${declared} ${selector}`.replaceAll("${", "{");
    const where = { file, line: callLine };
    if (dateField.test(field)) {
      violations.push({ ...where, reason: "fill on a date field: type it with pressSequentially" });
    } else if (moneyField.test(field)) {
      violations.push({ ...where, reason: "fill on a money field: type it with pressSequentially" });
    } else if (moneyOrDateValue.test(value)) {
      violations.push({ ...where, reason: "fill with an amount or a date: type it with pressSequentially" });
    } else if (!/\/\/\s*paste\b/.test(lines[lastLine - 1] ?? "")) {
      violations.push({
        ...where,
        reason: "fill without a `// paste` comment: type it with pressSequentially",
      });
    }
  }
  return violations;
}

/** Every .ts file under `folder`, recursively (journeys, fixtures and support). */
function typeScriptFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : typeScriptFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

describe("fillViolations", () => {
  it("refuses a fill with no paste comment, and accepts one a person would paste", () => {
    const source = [
      "await form.getByLabel('Description').fill('Commission on the Acme sale');",
      'await form.getByLabel("Endpoint URL").fill(receiverUrl); // paste',
      'await form.getByLabel("Name").pressSequentially("E2E key");',
    ].join("\n");
    expect(fillViolations(source, "a.spec.ts")).toEqual([
      { file: "a.spec.ts", line: 1, reason: expect.stringMatching(/without a `\/\/ paste` comment/) },
    ]);
  });

  it("refuses a fill on a money field even when it is marked as a paste", () => {
    const source = [
      'await form.getByLabel("Amount ($)").fill("480.00"); // paste',
      'await a.getByLabel("Counter-offer (AUD, total the business pays)").fill("200"); // paste',
      'await invoice.getByLabel("Sale value ($)").fill(total); // paste',
      'await page.fill("#notes", "150"); // paste',
      // A template literal's placeholder, written in two halves so this file's own strings stay plain.
      "await dialog.getByLabel(`Note on $" + "{invoice}`).fill(note); // paste",
    ].join("\n");
    expect(fillViolations(source, "m.spec.ts").map((v) => [v.line, v.reason])).toEqual([
      [1, expect.stringMatching(/money field/)],
      [2, expect.stringMatching(/money field/)],
      [3, expect.stringMatching(/money field/)],
      [4, expect.stringMatching(/an amount or a date/)],
    ]);
  });

  it("refuses a fill on a date field, by label, by selector or by value", () => {
    const source = [
      'await form.getByLabel("Due Date").fill(dueDate); // paste',
      'await page.locator("input[type=date]").fill(x); // paste',
      'await page.getByLabel("From").fill("2026-12-02"); // paste',
    ].join("\n");
    expect(fillViolations(source, "d.spec.ts").map((v) => [v.line, v.reason])).toEqual([
      [1, expect.stringMatching(/date field/)],
      [2, expect.stringMatching(/date field/)],
      [3, expect.stringMatching(/an amount or a date/)],
    ]);
  });

  it("reads a call that spans lines and a locator kept in a variable", () => {
    const source = [
      "test('x', async ({ page }) => {",
      '  const total = page.getByLabel("Refund amount ($)");',
      "  await total.fill(x); // paste",
      "  await propose",
      '    .getByLabel("Note to both parties")',
      '    .fill("Half of the calls were logged; the business pays half.");',
      "  await propose",
      '    .getByLabel("API key")',
      "    .fill(key); // paste",
      "});",
    ].join("\n");
    expect(fillViolations(source, "s.spec.ts").map((v) => [v.line, v.reason])).toEqual([
      [3, expect.stringMatching(/money field/)],
      [6, expect.stringMatching(/without a `\/\/ paste` comment/)],
    ]);
  });
});

describe("the journeys in e2e/tests", () => {
  const files = typeScriptFiles(journeys);

  it("type every field with the keyboard and fill only what a person pastes", () => {
    const violations = files.flatMap((path) =>
      fillViolations(readFileSync(path, "utf8"), relative(root, path)),
    );
    expect(violations.map((v) => `${v.file}:${v.line} ${v.reason}`)).toEqual([]);
  });

  it("are the journeys, read in full (the check above is not vacuous)", () => {
    const sources = files.map((path) => readFileSync(path, "utf8"));
    expect(files.filter((path) => path.endsWith(".spec.ts")).length).toBeGreaterThan(20);
    const typed = sources.join("\n").match(/\.pressSequentially\(|retype\(/g) ?? [];
    expect(typed.length).toBeGreaterThan(90);
    // Dates too are typed, segment by segment in the en-AU order (support.ts typeDate).
    expect(sources.join("\n").match(/\btypeDate\(/g)?.length ?? 0).toBeGreaterThan(1);
  });
});
