import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Abn } from "@closr/core/shared";
import { Effect, Either } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lookupAbr, parseAbnDetails } from "./abn-registry-abr.ts";
import { lookupLocal } from "./abn-registry-local.ts";

describe("AbnRegistry, local table", () => {
  it("finds a known ABN with name, status and GST, and answers not found otherwise", () => {
    expect(lookupLocal("53004085616", new Date(0))).toMatchObject({
      found: true,
      entityName: "TELSTRA GROUP LIMITED",
      status: "Active",
      gstRegistered: true,
    });
    expect(lookupLocal("11223491505", new Date(0))).toMatchObject({ found: false });
  });
});

describe("AbnRegistry, ABR web service (JSON AbnDetails.aspx against a local stand-in)", () => {
  let server: Server;
  let baseUrl: string;
  const seen: URL[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      seen.push(url);
      const abn = url.searchParams.get("abn");
      const callback = url.searchParams.get("callback");
      let body: object;
      if (url.searchParams.get("guid") !== "good-guid")
        body = { Abn: "", Message: "The GUID entered is not recognised as a Registered Party" };
      else if (abn === "51824753556")
        body = {
          Abn: "51824753556",
          AbnStatus: "Active",
          EntityName: "AUSTRALIAN TAXATION OFFICE",
          Gst: "2000-07-01",
          Message: "",
        };
      else if (abn === "48123123124")
        body = {
          Abn: "48123123124",
          AbnStatus: "Cancelled",
          EntityName: "OLD PTY LTD",
          Gst: null,
          Message: "",
        };
      else body = { Abn: "", Message: "Search text is not a valid ABN or ACN" };
      res.writeHead(200, { "content-type": "text/javascript" }).end(`${callback}(${JSON.stringify(body)})`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/json`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const run = (guid: string, abn: string) =>
    Effect.runPromise(Effect.either(lookupAbr({ guid, baseUrl }, abn as Abn)));

  it("sends abn, callback and guid to AbnDetails.aspx and reads the JSONP answer", async () => {
    const found = await run("good-guid", "51824753556");
    expect(Either.getOrThrow(found)).toMatchObject({
      found: true,
      entityName: "AUSTRALIAN TAXATION OFFICE",
      status: "Active",
      gstRegistered: true,
      source: "abr",
    });
    expect(seen.at(-1)?.pathname).toBe("/json/AbnDetails.aspx");
    const cancelled = await run("good-guid", "48123123124");
    expect(Either.getOrThrow(cancelled)).toMatchObject({ status: "Cancelled", gstRegistered: false });
    expect(Either.getOrThrow(await run("good-guid", "53004085616"))).toMatchObject({ found: false });
  });

  it("a bad GUID or an unreachable service is AbnRegistryUnavailable", async () => {
    const bad = await run("bad", "51824753556");
    expect(Either.isLeft(bad) && bad.left._tag).toBe("AbnRegistryUnavailable");
    const down = await Effect.runPromise(
      Effect.either(
        lookupAbr({ guid: "g", baseUrl: "http://127.0.0.1:9/json", timeoutMs: 1000 }, "51824753556" as Abn),
      ),
    );
    expect(Either.isLeft(down)).toBe(true);
  });

  it("parses plain JSON too", () => {
    expect(parseAbnDetails('{"Abn":"1"}')).toEqual({ Abn: "1" });
  });
});
