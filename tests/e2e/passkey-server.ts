import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import path from "node:path";

// The e2e tier's third server, for passkeys: WebAuthn refuses an IP address as the relying party,
// so this server's APP_URL, and the pages of tests/e2e/passkeys.spec.ts, are on localhost
// (started by playwright.config.ts, in manual billing mode like the first). It requires a second
// factor of superusers (SUPERUSER_SECOND_FACTOR=required), for tests/e2e/dashboard-second-factor.spec.ts.

/** Its port: beside the other two (E2E_PORT, default 4390, and E2E_PORT + 1), unless E2E_PASSKEY_PORT says. */
export const passkeyPort = Number(process.env.E2E_PASSKEY_PORT ?? Number(process.env.E2E_PORT ?? 4390) + 2);

/** Its data folder: its outbox holds the passkey emails. */
export const passkeyDataDir = process.env.E2E_PASSKEY_DATA_DIR ?? "test-results/pb_data_passkeys";

/** The site and the API, on a domain name. */
export const passkeyBaseURL = `http://localhost:${passkeyPort}`;

/**
 * A server of one test's own, with the default rate limits on (the tier's three turn them off, as
 * parallel tests share one client IP): the built site and the API on localhost at a free port, over
 * a fresh data folder. `close` stops it and removes the folder.
 */
export async function serverWithDefaultLimits(): Promise<{
  baseURL: string;
  dataDir: string;
  close: () => Promise<void>;
}> {
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const dataDir = mkdtempSync(path.join("test-results", "pb_data_limits-"));
  const baseURL = `http://localhost:${port}`;
  // The process's variables but the rate limit's: the defaults apply.
  const { RATE_LIMIT: _off, RATE_LIMIT_RULES: _rules, ...inherited } = process.env;
  const env = {
    ...inherited,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SITE_DIR: process.env.SITE_DIR ?? "build/client",
    APP_URL: baseURL,
  };
  const child = spawn(process.execPath, ["server/main.ts"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(baseURL)) resolve();
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  return {
    baseURL,
    dataDir,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
