import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

// The container image (Dockerfile) and compose.yaml. The proof builds and runs the image with
// buildah (scripts/container-proof.ts); it runs when buildah is installed, and says so when not
// (`.ci/run` does not install it: the build alone takes minutes, see docs/testing.md).

const repo = path.resolve(import.meta.dirname, "..");
const hasBuildah = spawnSync("buildah", ["--version"], { stdio: "ignore" }).status === 0;
if (!hasBuildah) {
  console.warn(
    "Skipping the container proof in server/container.test.ts: buildah is not installed (apt-get install buildah)",
  );
}

const dockerfile = readFileSync(path.join(repo, "Dockerfile"), "utf8");

/** A variable the Dockerfile's last stage sets with ENV. */
function imageEnv(name: string): string | undefined {
  return new RegExp(`^ENV .*\\b${name}=(\\S+)`, "m").exec(dockerfile)?.[1];
}

describe("compose.yaml", () => {
  type Service = {
    environment?: Record<string, string>;
    volumes?: string[];
    ports?: string[];
    network_mode?: string;
    depends_on?: Record<string, { condition: string }>;
  };
  const compose = parse(readFileSync(path.join(repo, "compose.yaml"), "utf8")) as {
    services: Record<string, Service>;
  };
  const lumen = compose.services.lumen!;
  const nginx = compose.services.nginx!;

  it("keeps the server's data in a volume at the image's DATA_DIR", () => {
    expect(imageEnv("DATA_DIR")).toBe("/data");
    expect(lumen.volumes).toContain("lumen-data:/data");
  });

  it("runs deploy/nginx.conf unchanged in front, reaching the server on its port and only there", () => {
    const mounted = nginx.volumes?.find((volume) => volume.endsWith(":/etc/nginx/conf.d/default.conf:ro"));
    expect(mounted?.split(":")[0]).toBe("./deploy/nginx.conf");
    const config = readFileSync(path.join(repo, "deploy/nginx.conf"), "utf8");
    expect(config).toContain(`server 127.0.0.1:${imageEnv("PORT")};`);
    expect(nginx.network_mode).toBe("service:lumen");
    expect(lumen.environment?.HOST).toBe("127.0.0.1");
    expect(lumen.environment?.TRUST_PROXY).toBe("true");
    expect(nginx.depends_on?.lumen?.condition).toBe("service_healthy");
    expect(lumen.ports).toEqual(["80:80", "443:443"]);
  });
});

describe.skipIf(!hasBuildah)("the container image, built and run with buildah", () => {
  it(
    "serves the site, keeps a signed-up user across a SIGTERM stop and a new start on the same volume",
    () => {
      const proof = spawnSync("node", [path.join(repo, "scripts/container-proof.ts")], {
        encoding: "utf8",
        env: { ...process.env, PROOF_PORT: "18091", IMAGE: "localhost/lumen:test" },
        maxBuffer: 256 * 1024 * 1024,
      });
      const lines = proof.stdout
        .split("\n")
        .filter((line) => line.startsWith("ok: ") || line.startsWith("Container"));
      expect(proof.status, `${lines.join("\n")}\n${proof.stderr.slice(-4000)}`).toBe(0);
      expect(lines.join("\n")).toMatch(/runs node server\/main\.ts as lumen/);
      expect(lines.join("\n")).toMatch(/as uid 10001/);
      expect(lines.join("\n")).toMatch(/health check passes/);
      expect(lines.join("\n")).toMatch(/SIGTERM stopped the server gracefully/);
      expect(lines.join("\n")).toMatch(/started again on the same volume: the user signs in/);
    },
    30 * 60_000,
  );
});
