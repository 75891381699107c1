import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import path from "node:path";
import PocketBase from "pocketbase";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fixtureRoot } from "../testing/fixtures.ts";
import { readOutbox, waitForOutbox } from "../testing/outbox.ts";
import { spawnServer, startServer, type TestServer } from "../testing/start-server.ts";

// Account mail leaves after the answer, so a known email answers like an unknown one; over SMTP a
// mail waits on disk (DATA_DIR/mail-queue) until sent, retried with backoff, across a shutdown too.

const password = "a good password";
let server: TestServer | undefined;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const cleanup of cleanups.splice(0)) await cleanup();
  vi.restoreAllMocks();
});

async function signUp(pb: PocketBase, email: string) {
  await pb
    .collection("users")
    .create({ email, password, passwordConfirm: password, plan: "free" }, { requestKey: null });
}

/** A TCP server that accepts connections and never says a word: an SMTP server that hangs. */
async function silentSmtp(): Promise<{ port: number; server: Server }> {
  const sockets = new Set<import("node:net").Socket>();
  const silent = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        silent.close(() => resolve());
      }),
  );
  return { port: (silent.address() as AddressInfo).port, server: silent };
}

/** A loopback port nobody listens on: every SMTP connection is refused at once. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe("account mail after the answer", () => {
  it("prints the answer times of known and unknown emails (no timing assertion)", async () => {
    // A process of its own, like production: a client in the server's process would share its event
    // loop with the mail sent after each answer and measure that instead.
    const dataDir = mkdtempSync(path.join(fixtureRoot, "pb-oracle-"));
    const started = spawnServer(dataDir);
    cleanups.push(async () => {
      const child = await started.then(
        ({ child }) => child,
        () => undefined,
      );
      // Gone before its folder is: a closing server still writes its database.
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill();
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    });
    const { url } = await started;
    const pb = new PocketBase(url);
    const known = Array.from({ length: 50 }, (_, i) => `known${i}@example.com`);
    for (let i = 0; i < known.length; i += 10)
      await Promise.all(known.slice(i, i + 10).map((email) => signUp(pb, email)));
    for (const action of ["requestPasswordReset", "requestVerification"] as const) {
      const times = { known: [] as number[], unknown: [] as number[] };
      for (let i = 0; i < known.length; i++) {
        for (const [kind, email] of [
          ["known", known[i]!],
          ["unknown", `unknown${i}@example.com`],
        ] as const) {
          const start = performance.now();
          expect(await pb.collection("users")[action](email)).toBe(true); // the SDK's 204
          times[kind].push(performance.now() - start);
        }
      }
      console.log(
        `${action}: median ${median(times.known).toFixed(2)} ms for known emails, ` +
          `${median(times.unknown).toFixed(2)} ms for unknown ones (${known.length} each)`,
      );
    }
    expect(await waitForOutbox(dataDir, 2 * known.length)).toHaveLength(2 * known.length);
  }, 60_000);

  it("keeps retrying a failed SMTP send with the last delay, the mail waiting on disk, and logs it", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    server = await startServer({
      smtp: { host: "127.0.0.1", port: await closedPort(), secure: false },
      mailRetryDelays: [20, 20],
    });
    const pb = new PocketBase(server.url);
    await signUp(pb, "unlucky@example.com");
    expect(await pb.collection("users").requestPasswordReset("unlucky@example.com")).toBe(true);
    const logged = () => errors.mock.calls.map((call) => String(call[0]));
    // Never given up: more retries than the delays listed (the last one repeats).
    while (logged().filter((line) => line.includes("retrying in 20 ms")).length < 4) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(logged()[0]).toMatch(/^Sending the mail ".*" to unlucky@example\.com failed \(.*ECONNREFUSED/);
    // Both wait on disk: the verification email sign-up sent, and the password reset.
    const queue = path.join(server.dataDir, "mail-queue");
    const saved = readdirSync(queue).map((file) => JSON.parse(readFileSync(path.join(queue, file), "utf8")));
    expect(saved.map((mail) => mail.message.to)).toEqual(["unlucky@example.com", "unlucky@example.com"]);
    expect(saved.map((mail) => new URL(mail.message.link).pathname).sort()).toEqual([
      "/reset-password",
      "/verify-email",
    ]);
    expect(readOutbox(server.dataDir)).toHaveLength(0);
  });

  it("answers at once while the SMTP server hangs, and leaves the mail queued on disk when the app closes", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const smtp = await silentSmtp();
    const dataDir = mkdtempSync(path.join(fixtureRoot, "pb-mail-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const running = await startServer({
      dataDir,
      smtp: { host: "127.0.0.1", port: smtp.port, secure: false },
    });
    const pb = new PocketBase(running.url);
    await signUp(pb, "waiting@example.com");
    const start = performance.now();
    expect(await pb.collection("users").requestVerification("waiting@example.com")).toBe(true);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(readOutbox(dataDir)).toHaveLength(0);
    await running.close();
    // Saved before the first try, it stays for the next start (server/mail/smtp.test.ts sends it then).
    const queue = path.join(dataDir, "mail-queue");
    const files = readdirSync(queue);
    expect(files).toHaveLength(1);
    const saved = JSON.parse(readFileSync(path.join(queue, files[0]!), "utf8"));
    expect(saved.message.to).toBe("waiting@example.com");
    expect(saved.message.link).toContain("/verify-email?token=");
    expect(readOutbox(dataDir)).toHaveLength(0);
  }, 15_000);
});
