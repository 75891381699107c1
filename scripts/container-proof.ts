// The container image, proven with buildah: builds the Dockerfile, runs the server in the image on
// a data folder, signs up a user through it, stops it with SIGTERM, starts it again on the same
// data and signs that user in. Exit code 0 when every step held; each step prints one line.
//
//   node scripts/container-proof.ts
//
// Needs buildah (`apt-get install buildah`; `debootstrap` too where Docker Hub is out of reach).
// Commands run with `--isolation chroot`, the isolation a sandbox without user namespaces allows,
// and share the machine's network.
//
// Environment:
//   BASE_IMAGE   the Dockerfile's base (default debian:bookworm-slim). When it is neither stored
//                nor pullable, a Debian 12 made with `debootstrap --variant=minbase` is used
//                (stored as localhost/debian-minbase:bookworm for the next run).
//   IMAGE        the tag to build (default localhost/lumen:proof).
//   PROOF_PORT   the server's port inside and outside (default 18090; chroot shares the network).
//   BUILD_CA     a CA bundle for a proxy that re-signs TLS, passed to the build as the `ca`
//                secret (default: NODE_EXTRA_CA_CERTS when set).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import PocketBase from "pocketbase";

const repo = path.resolve(import.meta.dirname, "..");
const defaultBase = "debian:bookworm-slim";
const debootstrapBase = "localhost/debian-minbase:bookworm";
const image = process.env.IMAGE ?? "localhost/lumen:proof";
const port = Number(process.env.PROOF_PORT ?? 18090);
const url = `http://127.0.0.1:${port}`;
const started = Date.now();

function step(message: string): void {
  console.log(`ok: ${message} (${Math.round((Date.now() - started) / 1000)} s)`);
}

/** Ends the proof with `message` (the working containers are removed first, see `prove`). */
function fail(message: string): never {
  throw new Error(message);
}

/** A buildah command's standard output; its failure ends the proof with its error output. */
function buildah(args: string[], options: { quiet?: boolean } = {}): string {
  const result = spawnSync("buildah", args, {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", "pipe", options.quiet ? "pipe" : "inherit"],
  });
  if (result.error) fail(`buildah ${args[0]}: ${result.error.message}`);
  if (result.status !== 0) fail(`buildah ${args.join(" ")} exited with ${result.status}`);
  return result.stdout.trim();
}

function hasImage(name: string): boolean {
  return spawnSync("buildah", ["inspect", "--type", "image", name], { stdio: "ignore" }).status === 0;
}

/** The base image: stored, pulled, or (for the default only) made with debootstrap. */
function baseImage(): string {
  const wanted = process.env.BASE_IMAGE ?? defaultBase;
  if (hasImage(wanted)) return wanted;
  const pulled = spawnSync("buildah", ["pull", "--quiet", `docker.io/library/${wanted}`], {
    stdio: "ignore",
    timeout: 90_000,
  });
  if (pulled.status === 0) return wanted;
  if (wanted !== defaultBase) fail(`the base image ${wanted} is neither stored nor pullable`);
  if (hasImage(debootstrapBase)) return debootstrapBase;
  console.log(`${wanted} cannot be pulled: making ${debootstrapBase} with debootstrap`);
  const rootfs = mkdtempSync(path.join(tmpdir(), "lumen-rootfs-"));
  const made = spawnSync(
    "debootstrap",
    ["--variant=minbase", "bookworm", rootfs, "http://deb.debian.org/debian"],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  if (made.error || made.status !== 0) fail(`debootstrap into ${rootfs} failed (is debootstrap installed?)`);
  const container = buildah(["from", "scratch"], { quiet: true });
  const mount = buildah(["mount", container], { quiet: true });
  const copied = spawnSync("cp", ["-a", `${rootfs}/.`, mount], { stdio: "inherit" });
  if (copied.status !== 0) fail(`copying ${rootfs} into the image failed`);
  buildah(["umount", container], { quiet: true });
  buildah(["commit", "--quiet", container, debootstrapBase], { quiet: true });
  buildah(["rm", container], { quiet: true });
  rmSync(rootfs, { recursive: true, force: true });
  return debootstrapBase;
}

type ImageConfig = { User: string; Cmd: string[]; Env: string[]; Healthcheck?: { Test: string[] } };

function imageConfig(): ImageConfig {
  const inspected = JSON.parse(buildah(["inspect", "--type", "image", image], { quiet: true })) as {
    Docker: { config: ImageConfig };
  };
  return inspected.Docker.config;
}

/** One run of the image's command on `data`, as a container would run it. */
class Server {
  readonly container = Server.create();
  private child?: ChildProcess;
  output = "";
  private exited?: Promise<number | null>;

  /**
   * A working container of the image. Its VOLUME is dropped from the container's config: under
   * `buildah run`, the image's own volume would cover the folder mounted at the same path (docker
   * and podman let the mount win).
   */
  private static create(): string {
    const container = buildah(["from", "--pull=false", image], { quiet: true });
    buildah(["config", "--volume", "/data-", container], { quiet: true });
    return container;
  }

  /** `buildah run` of `command` in this container, on the machine's network, as the image's user. */
  private runArgs(command: string[], data?: string): string[] {
    const volume = data ? ["--volume", `${data}:/data`] : [];
    const env = ["--env", `PORT=${port}`, "--env", `APP_URL=${url}`];
    return [
      "run",
      "--isolation",
      "chroot",
      "--network",
      "host",
      ...env,
      ...volume,
      this.container,
      "--",
      ...command,
    ];
  }

  /** Another command beside the server (the health check); its exit code. */
  exec(command: string[]): number | null {
    return spawnSync("buildah", this.runArgs(command), { stdio: "ignore" }).status;
  }

  start(config: ImageConfig, data: string): void {
    this.child = spawn("buildah", this.runArgs(config.Cmd, data), { stdio: ["ignore", "pipe", "pipe"] });
    this.child.stdout!.on("data", (chunk: Buffer) => (this.output += chunk));
    this.child.stderr!.on("data", (chunk: Buffer) => (this.output += chunk));
    this.exited = new Promise((resolve) => this.child!.on("exit", (code) => resolve(code)));
  }

  /** The server's own process (node, under buildah's chroot helper). */
  pid(): number {
    const below = (parent: number): number[] =>
      readdirSync("/proc")
        .filter((entry) => /^\d+$/.test(entry))
        .map(Number)
        .filter((pid) => {
          try {
            // /proc/PID/stat: "pid (command) state ppid …"
            const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ");
            return Number(fields?.[1]) === parent;
          } catch {
            return false;
          }
        });
    const queue = [this.child!.pid!];
    while (queue.length > 0) {
      const pid = queue.shift()!;
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      if (path.basename(command[0] ?? "") === "node" && command.includes("server/main.ts")) return pid;
      queue.push(...below(pid));
    }
    fail(`no server process under buildah run (output so far: ${this.output})`);
  }

  async healthy(): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const answer = await fetch(`${url}/api/health`).catch(() => undefined);
      if (answer?.ok) return;
      if (this.child!.exitCode !== null) fail(`the server exited at start:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    fail(`the server did not answer /api/health within 60 s:\n${this.output}`);
  }

  /** SIGTERM to the server, as `docker stop` sends it to process 1; resolves with its exit code. */
  async stop(): Promise<number | null> {
    process.kill(this.pid(), "SIGTERM");
    const code = await Promise.race([
      this.exited!,
      new Promise<"late">((resolve) => setTimeout(() => resolve("late"), 30_000)),
    ]);
    if (code === "late") fail(`the server did not stop within 30 s of SIGTERM:\n${this.output}`);
    return code;
  }

  /** Ends a run the proof left early (SIGKILL), then removes the working container. */
  remove(): void {
    if (this.child && this.child.exitCode === null) {
      try {
        process.kill(this.pid(), "SIGKILL");
      } catch {
        // already gone
      }
      this.child.kill("SIGKILL");
    }
    spawnSync("buildah", ["rm", this.container], { stdio: "ignore" });
  }
}

async function prove(): Promise<void> {
  if (await fetch(`${url}/api/health`).catch(() => undefined))
    fail(`port ${port} is already in use (PROOF_PORT)`);

  const base = baseImage();
  step(`base image ${base}`);

  const buildArgs = ["bud", "--isolation", "chroot", "--format", "docker", "--layers"];
  const ca = process.env.BUILD_CA ?? process.env.NODE_EXTRA_CA_CERTS;
  if (ca && existsSync(ca)) buildArgs.push("--secret", `id=ca,src=${ca}`);
  buildah([...buildArgs, "--build-arg", `BASE_IMAGE=${base}`, "--tag", image, repo]);
  step(`built ${image}`);

  const config = imageConfig();
  if (config.User !== "lumen") fail(`the image runs as "${config.User}", not the lumen user`);
  if (!config.Env.includes("DATA_DIR=/data")) fail("the image's DATA_DIR is not /data");
  if (!config.Healthcheck) fail("the image has no HEALTHCHECK");
  step(`image runs ${config.Cmd.join(" ")} as ${config.User}, data in /data, with a health check`);

  // The data folder, as a volume: owned by the image's user (uid 10001, fixed in the Dockerfile).
  const data = mkdtempSync(path.join(tmpdir(), "lumen-volume-"));
  chownSync(data, 10001, 10001);
  const email = `container-${Date.now()}@example.com`;
  const password = "container proof 1";

  const first = new Server();
  try {
    first.start(config, data);
    await first.healthy();
    const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${first.pid()}/status`, "utf8"))?.[1];
    if (uid !== "10001") fail(`the server runs as uid ${uid}, not 10001`);
    step(`server answers on ${url} as uid ${uid}`);

    const probe = first.exec(config.Healthcheck.Test.slice(1));
    if (probe !== 0) fail(`the image's health check exited with ${probe} while the server ran`);
    step("the image's health check passes");

    const home = await fetch(`${url}/fr/`);
    if (home.status !== 200 || !(await home.text()).includes('lang="fr"'))
      fail(`/fr/ answered ${home.status}`);
    step("the site is served (/fr/ 200)");

    const pb = new PocketBase(url);
    await pb
      .collection("users")
      .create({
        email,
        password,
        passwordConfirm: password,
        plan: "free",
        price: 0,
        locale: "en",
        name: "Container",
      })
      .catch((error: Error) => fail(`signing up ${email}: ${error.message}`));
    step(`signed up ${email}`);

    const code = await first.stop();
    if (code !== 0) fail(`the server exited with ${code} after SIGTERM:\n${first.output}`);
    if (!first.output.includes("Stopped"))
      fail(`the server did not report a graceful stop:\n${first.output}`);
    if (!existsSync(path.join(data, "data.db"))) fail(`no data.db in the volume (${data})`);
    if (existsSync(path.join(data, "data.db-wal"))) fail("data.db-wal is left after the stop");
    step("SIGTERM stopped the server gracefully (exit 0, database checkpointed)");
  } finally {
    first.remove();
  }

  const second = new Server();
  try {
    second.start(config, data);
    await second.healthy();
    const pb = new PocketBase(url);
    const auth = await pb
      .collection("users")
      .authWithPassword(email, password)
      .catch((error: Error) => fail(`signing in ${email} after the restart: ${error.message}`));
    if (auth.record.email !== email) fail(`signed in as ${auth.record.email}, not ${email}`);
    step("started again on the same volume: the user signs in");
    const code = await second.stop();
    if (code !== 0) fail(`the second run exited with ${code} after SIGTERM:\n${second.output}`);
  } finally {
    second.remove();
  }

  rmSync(data, { recursive: true, force: true });
}

try {
  await prove();
  console.log(`Container proof passed in ${Math.round((Date.now() - started) / 1000)} s`);
} catch (error) {
  console.error(`Container proof failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
