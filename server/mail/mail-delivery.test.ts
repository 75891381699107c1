import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import path from "node:path";
import PocketBase from "pocketbase";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fixtureRoot } from "../testing/fixtures.ts";
import { readOutbox, waitForOutbox } from "../testing/outbox.ts";
import { startServer, type TestServer } from "../testing/start-server.ts";

// Account mail leaves after the answer, so a known email answers like an unknown one; a mail that
// cannot be sent is retried, then kept in the outbox, and a shutdown saves what is still queued.

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
    const child = spawn(process.execPath, ["server/main.ts"], {
      env: {
        ...process.env,
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        SITE_DIR: dataDir,
        RATE_LIMIT: "off",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    cleanups.push(async () => {
      // Gone before its folder is: a closing server still writes its database.
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill();
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    });
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout!.on("data", (chunk: Buffer) => {
        const match = /http:\/\/localhost:(\d+)/.exec(chunk.toString());
        if (match) resolve(`http://127.0.0.1:${match[1]}`);
      });
      child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
    });
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

  it("retries a failed SMTP send, then keeps the mail in the outbox and logs it", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    server = await startServer({
      smtp: { host: "127.0.0.1", port: await closedPort(), secure: false },
      mailRetryDelays: [20, 20],
    });
    const pb = new PocketBase(server.url);
    await signUp(pb, "unlucky@example.com");
    expect(await pb.collection("users").requestPasswordReset("unlucky@example.com")).toBe(true);
    const [mail] = await waitForOutbox(server.dataDir);
    expect(mail!.to).toBe("unlucky@example.com");
    expect(mail!.link).toContain("/reset-password?token=");
    const logged = errors.mock.calls.map((call) => String(call[0]));
    expect(logged.filter((line) => line.includes("retrying in 20 ms"))).toHaveLength(2);
    expect(logged.some((line) => line.startsWith("Giving up sending"))).toBe(true);
    expect(logged.some((line) => line.startsWith("Saved") && line.includes("unlucky@example.com"))).toBe(
      true,
    );
  });

  it("answers at once while the SMTP server hangs, and saves the queued mail when the app closes", async () => {
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
    const [mail] = readOutbox(dataDir);
    expect(mail!.to).toBe("waiting@example.com");
    expect(mail!.link).toContain("/verify-email?token=");
  }, 15_000);
});
