import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { crc32 } from "node:zlib";
import yauzl from "yauzl";
import yazl from "yazl";

// Zip archives through yazl (writing) and yauzl (reading), both streaming: no archive or entry is
// ever held in memory whole. Deflated entries are inflated by yauzl with node:zlib's asynchronous
// stream, whose work runs on libuv's thread pool, so the event loop only passes chunks along.
// Reading an archive someone else made is guarded against zip bombs: an entry's declared size is
// checked against `ExtractLimits` before anything is inflated, and the output is cut off the
// moment it goes past that declared size.

/** One file to put in an archive: its name inside the archive and where to read it. */
export type ArchiveSource = { name: string; path: string };

/** An archive that cannot be read: not a zip, truncated, unsupported, or a CRC mismatch. */
export class ArchiveError extends Error {}

/** An entry refused for its size: it declares or inflates to more than it may (a zip bomb). */
export class ArchiveLimitError extends ArchiveError {}

/** What an extracted entry declared. */
export type ArchiveEntry = { name: string; size: number; compressedSize: number; compressed: boolean };

/**
 * How far a compressed entry may inflate. A stored entry is its own bytes and cannot expand, so
 * only compressed entries are held to these.
 */
export type ExtractLimits = {
  /** Largest declared (and so inflated) size, in bytes. */
  maxSize: number;
  /** Largest declared size as a multiple of the compressed size. */
  maxRatio: number;
};

/**
 * Writes a zip of `sources` to `target` (created or truncated), each file streamed from disk and
 * stored as it is (a SQLite file barely shrinks, and storing keeps the copy cheap); synced to disk
 * before it resolves. Large files get ZIP64 records on their own.
 */
export async function writeArchive(target: string, sources: ArchiveSource[]): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const source of sources) zip.addFile(source.path, source.name, { compress: false });
  zip.end();
  const out = createWriteStream(target, { flush: true });
  // yazl reports a source it cannot read (or one that changed size meanwhile) on the ZipFile itself.
  const failed = once(zip, "error").then(([error]) => {
    throw error as Error;
  });
  try {
    await Promise.race([pipeline(zip.outputStream, out), failed]);
  } catch (error) {
    // The target's file is closed before the failure is reported: a caller that removes it (or its
    // folder) then never races the stream still opening or writing it.
    out.destroy();
    if (!out.closed) await once(out, "close");
    throw error;
  }
}

function readableSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MiB` : `${bytes} bytes`;
}

function checkDeclaredSize(entry: yauzl.Entry, limits: ExtractLimits) {
  const name = entry.fileName;
  if (entry.compressionMethod === 0) {
    if (entry.compressedSize !== entry.uncompressedSize) {
      throw new ArchiveError(`${name} is stored with two different sizes`);
    }
    return;
  }
  if (entry.uncompressedSize > limits.maxSize) {
    throw new ArchiveLimitError(
      `${name} declares ${readableSize(entry.uncompressedSize)}, over the limit of ${readableSize(limits.maxSize)}`,
    );
  }
  if (entry.uncompressedSize > entry.compressedSize * limits.maxRatio) {
    throw new ArchiveLimitError(
      `${name} declares ${readableSize(entry.uncompressedSize)} from ${readableSize(entry.compressedSize)} compressed, more than ${limits.maxRatio} times its size`,
    );
  }
}

/** Passes an entry's bytes through, failing at once past its declared size, and checks its CRC at the end. */
function verifying(entry: yauzl.Entry): Transform {
  let size = 0;
  let crc = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > entry.uncompressedSize) {
        callback(
          new ArchiveLimitError(
            `${entry.fileName} inflates to more than the ${readableSize(entry.uncompressedSize)} it declares`,
          ),
        );
        return;
      }
      crc = crc32(chunk, crc);
      callback(null, chunk);
    },
    flush(callback) {
      if (size !== entry.uncompressedSize) callback(new ArchiveError(`${entry.fileName} is truncated`));
      else if (crc !== entry.crc32) callback(new ArchiveError(`${entry.fileName}: CRC mismatch`));
      else callback();
    },
  });
}

/**
 * Extracts entry `name` of the zip file `archive` to `target`, streaming, within `limits`, and
 * syncs it to disk. Resolves with what the entry declared, or undefined when the archive has no
 * such entry. Throws ArchiveLimitError for an entry too large, ArchiveError for an archive that
 * cannot be read (corrupt, truncated, encrypted, an unknown method, a CRC mismatch, the name twice).
 */
export async function extractEntry(
  archive: string,
  name: string,
  target: string,
  limits: ExtractLimits,
): Promise<ArchiveEntry | undefined> {
  let zip: yauzl.ZipFile;
  try {
    // The size check is ours (`verifying`), so the refusal names the limit it met.
    zip = await yauzl.openPromise(archive, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: false,
    });
  } catch (error) {
    throw new ArchiveError((error as Error).message);
  }
  try {
    let found: yauzl.Entry | undefined;
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName !== name) continue;
      if (found) throw new ArchiveError(`${name} is in the archive twice`);
      found = entry;
    }
    if (!found) return undefined;
    if (!found.canDecodeFileData()) {
      throw new ArchiveError(
        found.isEncrypted()
          ? `${name} is encrypted`
          : `${name} uses the unsupported compression method ${found.compressionMethod}`,
      );
    }
    checkDeclaredSize(found, limits);
    const data = await zip.openReadStreamPromise(found);
    await pipeline(data, verifying(found), createWriteStream(target, { flush: true }));
    return {
      name,
      size: found.uncompressedSize,
      compressedSize: found.compressedSize,
      compressed: found.compressionMethod !== 0,
    };
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    // yauzl's and zlib's own complaints (bad signatures, truncation, invalid deflate data).
    if (error instanceof Error && !("syscall" in error)) throw new ArchiveError(error.message);
    throw error;
  } finally {
    zip.close();
  }
}
