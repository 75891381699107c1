import { createReadStream } from "node:fs";
import { open, stat } from "node:fs/promises";
import { crc32, inflateRawSync } from "node:zlib";

// A minimal ZIP writer and reader, enough for backup archives: the writer stores
// files as they are (method 0, no compression: a SQLite file barely shrinks and storing keeps the
// copy cheap), the reader also inflates deflated entries (method 8) so archives made by other
// tools, PocketBase included, can be read. No ZIP64: every entry and the archive stay under 4 GiB.

const localSignature = 0x04034b50;
const centralSignature = 0x02014b50;
const endSignature = 0x06054b50;
const maxSize = 0xffffffff;
/** Bit 11: the file name is UTF-8. */
const utf8Flag = 0x0800;

/** MS-DOS time and date of `date` (local fields, as zip tools expect), 2-second resolution. */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.max(1980, date.getFullYear());
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/** One file to put in an archive: its name inside the archive and where to read it. */
export type ZipSource = { name: string; path: string };

async function fileCrc(file: string): Promise<number> {
  let crc = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    crc = crc32(chunk as Buffer, crc);
  }
  return crc;
}

/**
 * Writes a store-only zip of `sources` to `target` (created or truncated) and syncs it to disk.
 * Each file is read twice (its CRC first, then its bytes), never held in memory whole.
 */
export async function writeZip(target: string, sources: ZipSource[]): Promise<void> {
  const out = await open(target, "w");
  try {
    const central: Buffer[] = [];
    let offset = 0;
    const write = async (buffer: Buffer) => {
      await out.write(buffer, 0, buffer.length, offset);
      offset += buffer.length;
    };
    for (const source of sources) {
      const info = await stat(source.path);
      if (info.size > maxSize) throw new Error(`${source.name} is too large for a zip without ZIP64`);
      const size = info.size;
      const crc = await fileCrc(source.path);
      const name = Buffer.from(source.name, "utf8");
      const { time, date } = dosDateTime(info.mtime);
      const headerOffset = offset;

      const local = Buffer.alloc(30);
      local.writeUInt32LE(localSignature, 0);
      local.writeUInt16LE(20, 4); // version needed: 2.0
      local.writeUInt16LE(utf8Flag, 6);
      local.writeUInt16LE(0, 8); // stored
      local.writeUInt16LE(time, 10);
      local.writeUInt16LE(date, 12);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(size, 18);
      local.writeUInt32LE(size, 22);
      local.writeUInt16LE(name.length, 26);
      local.writeUInt16LE(0, 28);
      await write(Buffer.concat([local, name]));

      let copied = 0;
      for await (const chunk of createReadStream(source.path, { highWaterMark: 1 << 20 })) {
        await write(chunk as Buffer);
        copied += (chunk as Buffer).length;
      }
      if (copied !== size) throw new Error(`${source.name} changed while it was archived`);

      const entry = Buffer.alloc(46);
      entry.writeUInt32LE(centralSignature, 0);
      entry.writeUInt16LE(20, 4); // made by: 2.0, MS-DOS attributes
      entry.writeUInt16LE(20, 6);
      entry.writeUInt16LE(utf8Flag, 8);
      entry.writeUInt16LE(0, 10);
      entry.writeUInt16LE(time, 12);
      entry.writeUInt16LE(date, 14);
      entry.writeUInt32LE(crc, 16);
      entry.writeUInt32LE(size, 20);
      entry.writeUInt32LE(size, 24);
      entry.writeUInt16LE(name.length, 28);
      // extra, comment, disk number, internal and external attributes: 0
      entry.writeUInt32LE(headerOffset, 42);
      central.push(entry, name);
    }
    const directory = Buffer.concat(central);
    const directoryOffset = offset;
    if (directoryOffset + directory.length > maxSize) throw new Error("archive too large without ZIP64");
    await write(directory);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(endSignature, 0);
    end.writeUInt16LE(sources.length, 8);
    end.writeUInt16LE(sources.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(directoryOffset, 16);
    await write(end);
    await out.sync();
  } finally {
    await out.close();
  }
}

/** An archive that cannot be read: truncated, not a zip, unsupported, or a CRC mismatch. */
export class ZipError extends Error {}

export type ZipEntry = {
  name: string;
  size: number;
  /** The entry's bytes, CRC-checked. */
  read: () => Buffer;
};

/** The entries of a zip held in `archive` (central directory order). Throws ZipError when unreadable. */
export function readZip(archive: Buffer): ZipEntry[] {
  const searchFrom = Math.max(0, archive.length - 22 - 0xffff);
  let end = -1;
  for (let i = archive.length - 22; i >= searchFrom; i--) {
    if (archive.readUInt32LE(i) === endSignature) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipError("not a zip archive");
  const count = archive.readUInt16LE(end + 10);
  const directorySize = archive.readUInt32LE(end + 12);
  let position = archive.readUInt32LE(end + 16);
  if (position + directorySize > end) throw new ZipError("corrupt central directory");
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (position + 46 > end || archive.readUInt32LE(position) !== centralSignature) {
      throw new ZipError("corrupt central directory");
    }
    const flags = archive.readUInt16LE(position + 8);
    const method = archive.readUInt16LE(position + 10);
    const crc = archive.readUInt32LE(position + 16);
    const compressedSize = archive.readUInt32LE(position + 20);
    const size = archive.readUInt32LE(position + 24);
    const nameLength = archive.readUInt16LE(position + 28);
    const extraLength = archive.readUInt16LE(position + 30);
    const commentLength = archive.readUInt16LE(position + 32);
    const localOffset = archive.readUInt32LE(position + 42);
    const name = archive.toString(
      flags & utf8Flag ? "utf8" : "latin1",
      position + 46,
      position + 46 + nameLength,
    );
    position += 46 + nameLength + extraLength + commentLength;
    if (flags & 1) throw new ZipError(`${name}: encrypted entries are not supported`);
    if (method !== 0 && method !== 8) throw new ZipError(`${name}: unsupported compression method ${method}`);
    if (compressedSize === maxSize || size === maxSize) throw new ZipError(`${name}: ZIP64 is not supported`);
    if (localOffset + 30 > archive.length || archive.readUInt32LE(localOffset) !== localSignature) {
      throw new ZipError(`${name}: corrupt local header`);
    }
    const dataStart =
      localOffset + 30 + archive.readUInt16LE(localOffset + 26) + archive.readUInt16LE(localOffset + 28);
    if (dataStart + compressedSize > archive.length) throw new ZipError(`${name}: truncated`);
    entries.push({
      name,
      size,
      read: () => {
        const raw = archive.subarray(dataStart, dataStart + compressedSize);
        let data: Buffer;
        try {
          data = method === 0 ? raw : inflateRawSync(raw);
        } catch {
          throw new ZipError(`${name}: corrupt compressed data`);
        }
        if (data.length !== size || crc32(data) !== crc) throw new ZipError(`${name}: CRC mismatch`);
        return data;
      },
    });
  }
  return entries;
}
