/**
 * The webhook sender connects to the address it checked (issue 48, DNS rebinding; OWASP SSRF
 * Prevention cheat sheet). A local listener on 127.0.0.1 stands for the inside of the network:
 * whatever the resolver answers, it must never see a connection in production. Where a delivery
 * must reach a "public" receiver, 127.0.0.2 plays it (the test's `isPublic` says so).
 */
import { once } from "node:events";
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { createServer as createTcpServer, type Server } from "node:net";
import { createServer as createTlsServer } from "node:tls";
import { type ClaimedDelivery, WebhookSender } from "@closr/core/integrations";
import { Effect } from "effect";
import { afterEach, describe, expect, it } from "vitest";
import { httpsRequiredMessage, notPublicMessage, type ResolvedAddress } from "./url-policy.ts";
import { WebhookSenderFetch, type WebhookSenderOptions } from "./webhook-sender.ts";

const PUBLIC = "93.184.215.14";
const servers: (Server | HttpServer)[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.close();
    (server as HttpServer).closeAllConnections?.();
  }
});

/** A TCP listener on `host`:`port` (0 = any) that counts connections and answers nothing. */
async function trap(host: string, port = 0) {
  const seen = { connections: 0 };
  const server = createTcpServer((socket) => {
    seen.connections++;
    socket.destroy();
  });
  servers.push(server);
  server.listen(port, host);
  await once(server, "listening");
  return { port: (server.address() as { port: number }).port, seen };
}

/** An HTTP receiver on `host` answering `status` (with `headers`), recording each request's Host. */
async function receiver(host: string, status = 200, headers: Record<string, string> = {}) {
  const hosts: string[] = [];
  const server = createHttpServer((req, res) => {
    hosts.push(req.headers.host ?? "");
    req.resume();
    res.writeHead(status, headers).end();
  });
  servers.push(server);
  server.listen(0, host);
  await once(server, "listening");
  return { hosts, port: (server.address() as { port: number }).port };
}

/** A resolver giving `answers[n]` to its n-th call (the last one afterwards), counting calls. */
function rebinding(...answers: (readonly string[])[]) {
  const calls: string[] = [];
  const resolve = async (hostname: string): Promise<readonly ResolvedAddress[]> => {
    calls.push(hostname);
    const answer = answers[Math.min(calls.length, answers.length) - 1] ?? [];
    return answer.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return { resolve, calls };
}

const delivery = (url: string): ClaimedDelivery => ({
  id: 1,
  eventId: "evt_1",
  url,
  secret: "whsec_test",
  body: '{"id":"evt_1"}',
  attempts: 0,
  createdAt: new Date("2026-12-01T00:00:00Z"),
});

const send = (url: string, options: WebhookSenderOptions) =>
  Effect.runPromise(
    Effect.flatMap(WebhookSender, (sender) =>
      sender.send(delivery(url), new Date("2026-12-01T00:00:00Z")),
    ).pipe(Effect.provide(WebhookSenderFetch({ timeoutMs: 2_000, ...options }))),
  );

describe("webhook delivery (DNS rebinding)", () => {
  it("refuses a name that answers a public address first and 127.0.0.1 second: nothing connects", async () => {
    const inside = await trap("127.0.0.1");
    const dns = rebinding([PUBLIC, "127.0.0.1"]);
    const result = await send(`https://rebind.example:${inside.port}/hook`, {
      allowPrivate: false,
      resolve: dns.resolve,
    });
    expect(result).toEqual({ statusCode: null, error: notPublicMessage });
    expect(dns.calls).toEqual(["rebind.example"]);
    expect(inside.seen.connections).toBe(0);
  });

  it("refuses a name whose first answer is 127.0.0.1 (alone or before a public one)", async () => {
    const inside = await trap("127.0.0.1");
    for (const answer of [["127.0.0.1"], ["127.0.0.1", PUBLIC], ["::ffff:127.0.0.1"], ["169.254.169.254"]]) {
      const result = await send(`https://rebind.example:${inside.port}/hook`, {
        allowPrivate: false,
        resolve: rebinding(answer).resolve,
      });
      expect(result, answer.join(",")).toEqual({ statusCode: null, error: notPublicMessage });
    }
    expect(inside.seen.connections).toBe(0);
  });

  it("connects to the checked address when DNS answers 127.0.0.1 the second time, with the host name as SNI", async () => {
    // The "public" receiver (127.0.0.2) speaks TLS without a certificate: the handshake fails, but
    // only after it has told us the server name the client asked for.
    const serverNames: string[] = [];
    const tls = createTlsServer({
      SNICallback: (name, callback) => {
        serverNames.push(name);
        callback(new Error("no certificate in this test"), undefined);
      },
    });
    servers.push(tls);
    tls.on("tlsClientError", () => {});
    tls.listen(0, "127.0.0.2");
    await once(tls, "listening");
    const port = (tls.address() as { port: number }).port;
    const inside = await trap("127.0.0.1", port);
    const dns = rebinding(["127.0.0.2"], ["127.0.0.1"]);
    const result = await send(`https://rebind.example:${port}/hook`, {
      allowPrivate: false,
      resolve: dns.resolve,
      isPublic: (address) => address === "127.0.0.2",
    });
    expect(dns.calls).toEqual(["rebind.example"]);
    expect(serverNames).toEqual(["rebind.example"]);
    expect(inside.seen.connections).toBe(0);
    expect(result.statusCode).toBeNull();
    expect(result.error).toMatch(/TLS|socket|secure/i);
  });

  it("delivers to the checked address with the host name as Host, however DNS answers next", async () => {
    const outside = await receiver("127.0.0.2");
    const inside = await trap("127.0.0.1", outside.port);
    const dns = rebinding(["127.0.0.2"], ["127.0.0.1"]);
    const result = await send(`http://rebind.example:${outside.port}/hook`, {
      allowPrivate: true,
      resolve: dns.resolve,
    });
    expect(result).toEqual({ statusCode: 200, error: null });
    expect(outside.hosts).toEqual([`rebind.example:${outside.port}`]);
    expect(dns.calls).toEqual(["rebind.example"]);
    expect(inside.seen.connections).toBe(0);
  });

  it("does not follow a redirect: a 3xx is a failed attempt", async () => {
    const target = await trap("127.0.0.1");
    const redirecting = await receiver("127.0.0.1", 302, { location: `http://127.0.0.1:${target.port}/` });
    const result = await send(`http://127.0.0.1:${redirecting.port}/hook`, { allowPrivate: true });
    expect(result).toEqual({ statusCode: 302, error: "HTTP 302" });
    expect(redirecting.hosts).toHaveLength(1);
    expect(target.seen.connections).toBe(0);
  });

  it("refuses plain http in production before resolving or connecting", async () => {
    const inside = await trap("127.0.0.1");
    const dns = rebinding([PUBLIC]);
    const result = await send(`http://rebind.example:${inside.port}/hook`, {
      allowPrivate: false,
      resolve: dns.resolve,
    });
    expect(result).toEqual({ statusCode: null, error: httpsRequiredMessage });
    expect(dns.calls).toEqual([]);
    expect(inside.seen.connections).toBe(0);
  });
});
