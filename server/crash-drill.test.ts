import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import PocketBase from "pocketbase";
import { afterAll, describe, expect, it } from "vitest";
import { runSuperuserCommand } from "./cli.ts";
import { spawnServer } from "./testing/start-server.ts";

// The real server process is killed with SIGKILL ten times while sign-ups are in flight. Every
// sign-up it acknowledged (200) must be in the database afterwards, and the database must be intact.

const rounds = 10;
const perRound = 100;
const concurrency = 8;

// A real disk, not /dev/shm: this is about what reaches the file before the answer goes out.
const dataDir = mkdtempSync(path.join(tmpdir(), "crash-drill-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function signup(url: string, email: string) {
  return fetch(`${url}/api/collections/users/records`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email,
      password: "crash drill 1",
      passwordConfirm: "crash drill 1",
      plan: "free",
      price: "0",
      locale: "en",
    }),
  });
}

/** Opens the database the way a restart does (WAL recovery), checks it, returns the stored emails. */
function inspect(): { integrity: unknown; emails: Set<string> } {
  const db = new DatabaseSync(path.join(dataDir, "data.db"));
  try {
    const integrity = db.prepare("PRAGMA integrity_check").get()?.integrity_check;
    const emails = new Set(
      db
        .prepare(`SELECT "email" FROM "users"`)
        .all()
        .map((row) => String(row.email)),
    );
    return { integrity, emails };
  } finally {
    db.close();
  }
}

describe("crash drill", () => {
  it(`loses no acknowledged sign-up across ${rounds} kill -9 during ${rounds * perRound} sign-ups`, async () => {
    const acknowledged: string[] = [];
    let next = 0;
    let inFlightAtKill = 0;
    for (let round = 0; round < rounds; round++) {
      const { child, url } = await spawnServer(dataDir);
      const exited = new Promise((resolve) => child.on("exit", resolve));
      let roundAcks = 0;
      let killed = false;
      let inFlight = 0;
      const worker = async () => {
        while (!killed) {
          const email = `drill${next++}@example.com`;
          inFlight++;
          try {
            const res = await signup(url, email);
            await res.text();
            if (res.status === 200) {
              acknowledged.push(email);
              roundAcks++;
            } else if (!killed) throw new Error(`sign-up answered ${res.status}`);
          } catch (error) {
            if (!killed) throw error; // connection errors are expected only after the kill
          } finally {
            inFlight--;
          }
          if (!killed && roundAcks >= perRound) {
            killed = true;
            inFlightAtKill += inFlight;
            child.kill("SIGKILL");
          }
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      await exited;
      const { integrity, emails } = inspect();
      expect(integrity).toBe("ok");
      const missing = acknowledged.filter((email) => !emails.has(email));
      expect(missing, `round ${round + 1}`).toEqual([]);
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(rounds * perRound);
    // The kills really happened mid-flight: other sign-ups were still being answered.
    expect(inFlightAtKill).toBeGreaterThan(0);

    // After the last crash the server starts again and serves every account.
    const { child, url } = await spawnServer(dataDir);
    try {
      await runSuperuserCommand(dataDir, ["upsert", "drill@example.com", "drill superuser"]);
      const pb = new PocketBase(url);
      await pb.collection("_superusers").authWithPassword("drill@example.com", "drill superuser");
      const list = await pb.collection("users").getList(1, 1);
      expect(list.totalItems).toBeGreaterThanOrEqual(acknowledged.length);
      const sample = acknowledged[Math.floor(acknowledged.length / 2)]!;
      const user = await new PocketBase(url).collection("users").authWithPassword(sample, "crash drill 1");
      expect(user.record.email).toBe(sample);
    } finally {
      child.kill("SIGKILL");
    }
  }, 290_000);
});
