import PocketBase from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutbox } from "./testing/outbox.ts";
import { pollUntil } from "./testing/poll.ts";
import { rejection, verifiedSignUp } from "./testing/sdk.ts";
import { startServerAsRoot, type TestServer } from "./testing/start-server.ts";

// PocketBase's cron jobs API through the official SDK (`pb.crons`): superusers list the scheduled
// jobs and run one at once; the billing sweep run that way sends a yearly renewal's notice.

let server: TestServer;
let root: PocketBase;
const day = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ({ server, root } = await startServerAsRoot({ backupsCron: "0 3 * * *" }));
});
afterAll(() => server.close());

describe("crons", () => {
  it("lists the jobs, sorted by id, to superusers only", async () => {
    expect(await root.crons.getFullList()).toEqual([
      { id: "__pbAutoBackup__", expression: "0 3 * * *" },
      { id: "billingSweep", expression: "0 * * * *" },
    ]);
    expect(await rejection(new PocketBase(server.url).crons.getFullList())).toMatchObject({ status: 401 });
    const user = await verifiedSignUp(server, "crons-user@example.com");
    expect(await rejection(user.pb.crons.run("billingSweep"))).toMatchObject({ status: 403 });
    expect(await rejection(root.crons.run("no-such-job"))).toMatchObject({ status: 404 });
  });

  it("runs the billing sweep now: a manual yearly plan renewing in 55 days gets its notice, once", async () => {
    const user = await verifiedSignUp(server, "crons-yearly@example.com");
    const until = new Date(Date.now() + 55 * day).toISOString();
    await root.send("/api/billing/mark-paid", {
      method: "POST",
      body: { user: user.id, until, interval: "year" },
    });
    const notices = () =>
      readOutbox(server.dataDir).filter((mail) => mail.to === user.email && /renew/i.test(mail.subject));
    expect(notices()).toEqual([]);
    expect(await root.crons.run("billingSweep")).toBe(true);
    await pollUntil(
      notices,
      (mails) => mails.length === 1,
      () => "no renewal notice",
      { timeoutMs: 5000 },
    );
    await root.crons.run("billingSweep");
    await server.app.billing.sweep();
    await server.app.mailer.idle();
    expect(notices()).toHaveLength(1);
  });
});
