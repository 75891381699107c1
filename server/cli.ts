/**
 * `npm run superuser -- upsert EMAIL PASS` (also create, update, delete): manages superusers in
 * DATA_DIR like PocketBase's own `./pocketbase superuser …`. Works while the server runs.
 */
import path from "node:path";
import { inspect } from "node:util";
import { findAuthRecordByEmail, newTokenKey } from "./core/auth.ts";
import { maxPasswordBytes, passwordLength } from "../shared/password-rules.ts";
import { hashPassword, passwordTooLong } from "./core/passwords.ts";
import { autogenerate, newRecordData } from "./core/records.ts";
import { superusersCollectionName } from "./core/schema.ts";
import { LastSuperuserError, type RecordData, Store } from "./core/store.ts";
import { nowDateTime } from "./core/values.ts";
import { isEmail, runeLength } from "./forms/validation.ts";
import { consoleLogger } from "./tools/log.ts";

const usage = `Usage: npm run superuser -- <command> [args]

Commands:
  upsert EMAIL PASS   create the superuser, or set the password of an existing one
  create EMAIL PASS   create a new superuser
  update EMAIL PASS   change the password of an existing superuser
  delete EMAIL        delete a superuser (never the last one)

The database is DATA_DIR/data.db (DATA_DIR defaults to pb_data).`;

export class CliError extends Error {}

function checkEmail(email: string | undefined): string {
  if (!email || !isEmail(email)) throw new CliError(`Missing or invalid email address: ${email ?? ""}`);
  return email;
}

function checkPassword(password: string | undefined): string {
  if (!password) throw new CliError("Missing password.");
  const length = runeLength(password);
  if (length < passwordLength.min || length > passwordLength.max)
    throw new CliError(
      `The password must be ${passwordLength.min} to ${passwordLength.max} characters long.`,
    );
  if (passwordTooLong(password))
    throw new CliError(`The password must not be longer than ${maxPasswordBytes} bytes.`);
  return password;
}

/** Runs one superuser command against `dataDir`; returns the message to print. */
export async function runSuperuserCommand(dataDir: string, args: string[]): Promise<string> {
  const [command, email, password] = args;
  if (!command || command === "help" || command === "--help") return usage;
  if (!["upsert", "create", "update", "delete"].includes(command))
    throw new CliError(`Unknown command "${command}".\n\n${usage}`);
  const address = checkEmail(email);
  const plain = command === "delete" ? "" : checkPassword(password);
  const hash = plain ? await hashPassword(plain) : "";
  const store = Store.open(dataDir);
  try {
    const collection = store.findCollection(superusersCollectionName)!;
    const existing = findAuthRecordByEmail(store, collection, address);
    if (command === "delete") {
      if (!existing) throw new CliError(`No superuser with the email ${address}.`);
      try {
        store.delete(collection, String(existing.id));
      } catch (error) {
        if (!(error instanceof LastSuperuserError)) throw error;
        throw new CliError(
          `You can't delete the only existing superuser "${existing.email}". Create another superuser first.`,
        );
      }
      return `Successfully deleted superuser "${existing.email}".`;
    }
    if (existing) {
      if (command === "create") throw new CliError(`A superuser with the email ${address} already exists.`);
      // A new password rotates the token key: every session of this superuser ends.
      store.update(collection, String(existing.id), {
        password: hash,
        tokenKey: newTokenKey(),
        updated: nowDateTime(),
      });
      return `Successfully changed superuser "${existing.email}" password.`;
    }
    if (command === "update") throw new CliError(`No superuser with the email ${address}.`);
    const record: RecordData = {
      ...newRecordData(collection),
      email: address,
      password: hash,
      verified: true,
    };
    autogenerate(collection, record);
    record.created = record.updated = nowDateTime();
    store.insert(collection, record);
    return `Successfully saved superuser "${address}".`;
  } finally {
    store.close();
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  // `npm run superuser -- …` runs `node server/cli.ts superuser …`.
  const args = process.argv.slice(2);
  if (args[0] === "superuser") args.shift();
  runSuperuserCommand(path.resolve(process.env.DATA_DIR ?? "pb_data"), args).then(
    (message) => consoleLogger.info(message),
    (error: unknown) => {
      consoleLogger.error(error instanceof CliError ? error.message : inspect(error));
      process.exit(1);
    },
  );
}
