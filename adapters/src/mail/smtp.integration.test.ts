import { Mailer } from "@closr/core/shared";
import { Effect, Layer } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgDatabaseFrom } from "../postgres/database-service.ts";
import { createTestDatabase, type TestDatabase } from "../postgres/testing.ts";
import { readOutbox } from "./outbox.ts";
import { MailerSmtp } from "./smtp.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database?.dispose());

describe("MailerSmtp", () => {
  it("renders an RFC 5322 message with the From header and records it in the outbox", async () => {
    const layer = MailerSmtp({
      transport: { streamTransport: true, buffer: true, newline: "unix" },
      from: "Closr <no-reply@closr.com.au>",
    }).pipe(Layer.provide(PgDatabaseFrom(database.db)));
    await Effect.runPromise(
      Effect.provide(
        Effect.flatMap(Mailer, (m) =>
          m.send({ to: "ops@harbourtech.com.au", subject: "Mia Chen accepted", text: "Hi,\n\nAccepted." }),
        ),
        layer,
      ),
    );
    const [sent] = await readOutbox(database.db, { to: "ops@harbourtech.com.au" });
    expect(sent).toMatchObject({ subject: "Mia Chen accepted" });
    expect(sent?.text).toMatch(/^Hi,\n\nAccepted\./);
    expect(sent?.html).toContain("<h1");
  });

  it("a failing transport is a defect and records nothing", async () => {
    const layer = MailerSmtp({ transport: "smtp://127.0.0.1:1", from: "Closr <no-reply@closr.com.au>" }).pipe(
      Layer.provide(PgDatabaseFrom(database.db)),
    );
    const exit = await Effect.runPromiseExit(
      Effect.provide(
        Effect.flatMap(Mailer, (m) => m.send({ to: "nobody@example.com", subject: "x", text: "y" })),
        layer,
      ),
    );
    expect(exit._tag).toBe("Failure");
    expect(await readOutbox(database.db, { to: "nobody@example.com" })).toEqual([]);
  });
});
