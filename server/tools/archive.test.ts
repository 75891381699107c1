import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import yazl from "yazl";
import { craftedZip, deflatedZeros } from "../testing/crafted-zip.ts";
import { fixtureRoot } from "../testing/fixtures.ts";
import { ArchiveError, ArchiveLimitError, extractEntry, writeArchive } from "./archive.ts";

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(fixtureRoot, "archive-unit-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const roomy = { maxSize: 2 ** 40, maxRatio: 2000 };

/** `entries` (name → content) zipped by yazl, deflated as most zip tools (PocketBase's included) do. */
async function deflatedZip(entries: [string, Buffer][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of entries) zip.addBuffer(content, name, { compress: true });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("writeArchive and extractEntry", () => {
  it("round-trip files, stored as they are", async () => {
    const dir = tempDir();
    const big = Buffer.alloc(3 * 1024 * 1024 + 7, 0);
    for (let i = 0; i < big.length; i += 4093) big[i] = i % 251;
    writeFileSync(path.join(dir, "a.bin"), big);
    writeFileSync(path.join(dir, "b.txt"), "héllo");
    const zip = path.join(dir, "out.zip");
    await writeArchive(zip, [
      { name: "data.db", path: path.join(dir, "a.bin") },
      { name: "dir/ünï.txt", path: path.join(dir, "b.txt") },
    ]);
    // Stored: the archive is barely larger than what it holds.
    expect(statSync(zip).size).toBeLessThan(big.length + 1024);
    const out = path.join(dir, "out.bin");
    expect(await extractEntry(zip, "data.db", out, roomy)).toEqual({
      name: "data.db",
      size: big.length,
      compressedSize: big.length,
      compressed: false,
    });
    expect(readFileSync(out).equals(big)).toBe(true);
    await extractEntry(zip, "dir/ünï.txt", out, roomy);
    expect(readFileSync(out, "utf8")).toBe("héllo");
    expect(await extractEntry(zip, "missing.db", out, roomy)).toBeUndefined();
  });

  it("fails when a source cannot be read", async () => {
    const dir = tempDir();
    await expect(
      writeArchive(path.join(dir, "out.zip"), [{ name: "data.db", path: path.join(dir, "missing") }]),
    ).rejects.toThrow(/ENOENT/);
  });

  it("reads deflated entries and refuses corrupt archives", async () => {
    const dir = tempDir();
    const content = Buffer.from("some content ".repeat(1000));
    const zip = path.join(dir, "x.zip");
    writeFileSync(zip, await deflatedZip([["x", content]]));
    const out = path.join(dir, "x");
    expect(await extractEntry(zip, "x", out, roomy)).toMatchObject({
      size: content.length,
      compressed: true,
    });
    expect(readFileSync(out).equals(content)).toBe(true);

    const stored = craftedZip({
      name: "x",
      data: content,
      method: 0,
      size: content.length,
      crc: crc32(content),
    });
    const flipped = Buffer.from(stored);
    flipped[40]! ^= 0xff;
    const refusals: [Buffer, RegExp][] = [
      [flipped, /^x: CRC mismatch$/],
      [Buffer.from("not a zip at all, clearly not, not even close"), /.+/],
      [stored.subarray(0, stored.length - 30), /.+/],
      [
        craftedZip({ name: "x", data: content, method: 0, size: content.length + 1, crc: 0 }),
        /two different sizes/,
      ],
      [
        craftedZip({ name: "x", data: content, method: 12, size: content.length, crc: 0 }),
        /compression method 12/,
      ],
      [
        await deflatedZip([
          ["x", content],
          ["x", content],
        ]),
        /^x is in the archive twice$/,
      ],
    ];
    for (const [archive, message] of refusals) {
      writeFileSync(zip, archive);
      const error = await extractEntry(zip, "x", out, roomy).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ArchiveError);
      expect(error).not.toBeInstanceOf(ArchiveLimitError);
      expect((error as Error).message).toMatch(message);
    }
  });
});

describe("extractEntry's limits", () => {
  // 256 MiB of zeros in about 256 KiB of deflate data.
  const zeros = deflatedZeros(256);

  it("stops inflating as soon as an entry goes past its declared size", async () => {
    const dir = tempDir();
    const zip = path.join(dir, "bomb.zip");
    writeFileSync(zip, craftedZip({ name: "data.db", data: zeros, method: 8, size: 100_000, crc: 0 }));
    const out = path.join(dir, "data.db");
    const error = await extractEntry(zip, "data.db", out, roomy).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArchiveLimitError);
    expect((error as Error).message).toBe("data.db inflates to more than the 100000 bytes it declares");
    // Nothing past the declared size reached the disk.
    expect(statSync(out).size).toBeLessThanOrEqual(100_000);
  });

  it("refuses before inflating an entry that declares more than the limits allow", async () => {
    const dir = tempDir();
    const zip = path.join(dir, "bomb.zip");
    const out = path.join(dir, "data.db");
    const size = 256 * 1024 * 1024;
    writeFileSync(zip, craftedZip({ name: "data.db", data: zeros, method: 8, size, crc: 0 }));
    await expect(extractEntry(zip, "data.db", out, { maxSize: 2 ** 40, maxRatio: 200 })).rejects.toThrow(
      new ArchiveLimitError(
        `data.db declares 256 MiB from ${zeros.length} bytes compressed, more than 200 times its size`,
      ),
    );
    await expect(
      extractEntry(zip, "data.db", out, { maxSize: 64 * 1024 * 1024, maxRatio: 2000 }),
    ).rejects.toThrow(new ArchiveLimitError("data.db declares 256 MiB, over the limit of 64 MiB"));
    expect(existsSync(out)).toBe(false);
    // A stored entry cannot expand: the limits leave it alone.
    const plain = Buffer.alloc(1024 * 1024, 3);
    writeFileSync(
      zip,
      craftedZip({ name: "data.db", data: plain, method: 0, size: plain.length, crc: crc32(plain) }),
    );
    await extractEntry(zip, "data.db", out, { maxSize: 1024, maxRatio: 1 });
    expect(readFileSync(out).equals(plain)).toBe(true);
  });
});
