import { constants, deflateRawSync } from "node:zlib";

// Hostile archives for tests: a zip library writes honest headers, a zip bomb's are lies, so these
// are laid out by hand (one entry, no ZIP64).

/**
 * Raw deflate data that inflates to `mebibytes` MiB of zero bytes, at about 1 KiB per MiB: one
 * MiB deflated and flushed without ending the stream, repeated, then a final empty block. Each copy
 * only refers back to zeros, so the whole is one valid stream.
 */
export function deflatedZeros(mebibytes: number): Buffer {
  const mebibyte = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_SYNC_FLUSH });
  return Buffer.concat([
    ...Array.from({ length: mebibytes }, () => mebibyte),
    deflateRawSync(Buffer.alloc(0)),
  ]);
}

/**
 * A zip of one entry `name` whose data is `data` as given (already deflated when `method` is 8),
 * declaring the compression `method`, `size` bytes once inflated and the CRC `crc`.
 */
export function craftedZip(entry: { name: string; data: Buffer; method: number; size: number; crc: number }) {
  const name = Buffer.from(entry.name, "utf8");
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0x0800, 6); // UTF-8 name
  local.writeUInt16LE(entry.method, 8);
  local.writeUInt32LE(entry.crc >>> 0, 14);
  local.writeUInt32LE(entry.data.length, 18);
  local.writeUInt32LE(entry.size, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x0800, 8);
  central.writeUInt16LE(entry.method, 10);
  central.writeUInt32LE(entry.crc >>> 0, 16);
  central.writeUInt32LE(entry.data.length, 20);
  central.writeUInt32LE(entry.size, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42); // the local header is at the start
  const directoryOffset = local.length + name.length + entry.data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, name, entry.data, central, name, end]);
}
