import { crc32 } from "node:zlib";
import { passwordLength } from "#shared/password-rules.ts";
import {
  type Collection,
  type Field,
  type FieldType,
  findSingleColumnUniqueIndex,
} from "./collection-types.ts";

/** PocketBase's well-known id of `_superusers` (the SDK's `isSuperuser` reads it). */
const superusersCollectionId = "pbc_3142635823";
export const superusersCollectionName = "_superusers";

/**
 * The API rules of `_superusers`, which PocketBase never lets an import change (a system
 * collection's rules are fixed): superusers only, for everything.
 */
const superusersRules = {
  listRule: null,
  viewRule: null,
  createRule: null,
  updateRule: null,
  deleteRule: null,
  authRule: "",
  manageRule: null,
} as const;

/** The token types PocketBase signs, each with its own per-collection secret and duration. */
export const tokenTypes = [
  "authToken",
  "verificationToken",
  "passwordResetToken",
  "emailChangeToken",
  "fileToken",
] as const;
export type TokenOption = (typeof tokenTypes)[number];

const fieldTypes: FieldType[] = [
  "text",
  "email",
  "url",
  "editor",
  "password",
  "bool",
  "number",
  "select",
  "relation",
  "date",
  "autodate",
  "json",
  "file",
];

/** A collection definition that cannot be imported; `data` follows PocketBase's field-error shape. */
export class SchemaError extends Error {
  readonly data: Record<string, unknown>;
  constructor(message: string, data: Record<string, unknown> = {}) {
    super(message);
    this.data = data;
  }
}

/** PocketBase's deterministic ids: `type + crc32(name)` for fields, `pbc_ + crc32(type + name)` for collections. */
function defaultFieldId(type: string, name: string) {
  return `${type}${crc32(name)}`;
}
function defaultCollectionId(type: string, name: string) {
  return `pbc_${crc32(type + name)}`;
}

const identifier = /^\w+$/;
const reservedFieldNames = new Set([
  "null",
  "true",
  "false",
  "_rowid_",
  "collectionid",
  "collectionname",
  "expand",
]);

// The system fields every PocketBase v0.23+ collection gets, with the ids a fresh install gives them.
const idField: Field = {
  id: "text3208210256",
  name: "id",
  type: "text",
  system: true,
  primaryKey: true,
  required: true,
  min: 15,
  max: 15,
  pattern: "^[a-z0-9]+$",
  autogeneratePattern: "[a-z0-9]{15}",
  hidden: false,
};

function authSystemFields(isSuperusers: boolean): Field[] {
  return [
    idField,
    {
      id: "password901924565",
      name: "password",
      type: "password",
      system: true,
      hidden: true,
      required: true,
      min: passwordLength.min,
      max: 0,
      cost: 0,
      pattern: "",
    },
    {
      id: "text2504183744",
      name: "tokenKey",
      type: "text",
      system: true,
      hidden: true,
      required: true,
      min: 30,
      max: 60,
      pattern: "",
      autogeneratePattern: "[a-zA-Z0-9]{50}",
    },
    {
      id: "email3885137012",
      name: "email",
      type: "email",
      system: true,
      required: true,
      hidden: false,
      onlyDomains: null,
      exceptDomains: null,
    },
    { id: "bool1547992806", name: "emailVisibility", type: "bool", system: true, required: false },
    { id: "bool256245529", name: "verified", type: "bool", system: true, required: false },
    ...(isSuperusers
      ? ([
          {
            id: "autodate2990389176",
            name: "created",
            type: "autodate",
            system: true,
            onCreate: true,
            onUpdate: false,
          },
          {
            id: "autodate3332085495",
            name: "updated",
            type: "autodate",
            system: true,
            onCreate: true,
            onUpdate: true,
          },
        ] satisfies Field[])
      : []),
  ];
}

const defaultTemplates = {
  verificationTemplate: {
    subject: "Verify your {APP_NAME} email",
    body: '<p>Hello,</p><p>Thank you for joining us at {APP_NAME}.</p><p>Click on the button below to verify your email address.</p><p><a class="btn" href="{APP_URL}/_/#/auth/confirm-verification/{TOKEN}" target="_blank" rel="noopener">Verify</a></p><p>Thanks,<br/>{APP_NAME} team</p>',
  },
  resetPasswordTemplate: {
    subject: "Reset your {APP_NAME} password",
    body: '<p>Hello,</p><p>Click on the button below to reset your password.</p><p><a class="btn" href="{APP_URL}/_/#/auth/confirm-password-reset/{TOKEN}" target="_blank" rel="noopener">Reset password</a></p><p><i>If you didn\'t ask to reset your password, you can ignore this email.</i></p><p>Thanks,<br/>{APP_NAME} team</p>',
  },
  confirmEmailChangeTemplate: {
    subject: "Confirm your {APP_NAME} new email address",
    body: '<p>Hello,</p><p>Click on the button below to confirm your new email address.</p><p><a class="btn" href="{APP_URL}/_/#/auth/confirm-email-change/{TOKEN}" target="_blank" rel="noopener">Confirm new email</a></p><p><i>If you didn\'t ask to change your email address, you can ignore this email.</i></p><p>Thanks,<br/>{APP_NAME} team</p>',
  },
};

function authDefaults(isSuperusers: boolean) {
  return {
    authRule: "",
    manageRule: null,
    authAlert: { enabled: true },
    oauth2: { enabled: false, providers: [] },
    passwordAuth: { enabled: true, identityFields: ["email"] },
    mfa: { enabled: false, duration: 600, rule: "" },
    otp: { enabled: false, duration: 180, length: 8 },
    authToken: { duration: isSuperusers ? 86400 : 432000 },
    verificationToken: { duration: 86400 },
    passwordResetToken: { duration: 1800 },
    emailChangeToken: { duration: 1800 },
    fileToken: { duration: 180 },
    ...defaultTemplates,
  };
}

const fieldDefaults: Record<FieldType, Partial<Field> & Record<string, unknown>> = {
  text: { min: 0, max: 0, pattern: "", autogeneratePattern: "", required: false, primaryKey: false },
  email: { onlyDomains: null, exceptDomains: null, required: false },
  url: { onlyDomains: null, exceptDomains: null, required: false },
  editor: { maxSize: 0, convertURLs: false, required: false },
  password: { min: 0, max: 0, pattern: "", cost: 0, required: false },
  bool: { required: false },
  number: { min: null, max: null, onlyInt: false, required: false },
  select: { values: [], maxSelect: 1, required: false },
  relation: { collectionId: "", cascadeDelete: false, minSelect: 0, maxSelect: 1, required: false },
  date: { min: "", max: "", required: false } as unknown as Partial<Field>,
  autodate: { onCreate: true, onUpdate: false },
  json: { maxSize: 0, required: false },
  file: { maxSelect: 1, maxSize: 0, mimeTypes: [], thumbs: [], protected: false, required: false },
};

function normalizeField(raw: unknown, index: number): Field {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
    throw new SchemaError("Invalid field.", { [String(index)]: "invalid field object" });
  }
  const input = raw as Record<string, unknown>;
  const type = input.type as FieldType;
  if (!fieldTypes.includes(type)) {
    throw new SchemaError(`Unsupported field type ${JSON.stringify(input.type)}.`);
  }
  const name = typeof input.name === "string" ? input.name : "";
  if (!identifier.test(name) || reservedFieldNames.has(name.toLowerCase()) || name.includes("_via_")) {
    throw new SchemaError(`Invalid field name ${JSON.stringify(input.name)}.`);
  }
  const field = {
    hidden: false,
    system: false,
    presentable: false,
    ...fieldDefaults[type],
    ...input,
    name,
    type,
  } as Field;
  if (typeof field.id !== "string" || field.id === "") field.id = defaultFieldId(type, name);
  return field;
}

function parseRule(value: unknown, key: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== "string") throw new SchemaError(`Invalid ${key}.`);
  return value;
}

/**
 * Applies PocketBase's defaults to one "Import collections" entry: generated ids, the system
 * fields and unique indexes of auth collections, default auth options and templates. `existing`
 * (the stored definition) supplies values the import omits, as PocketBase's JSON merge does.
 */
export function normalizeCollection(raw: unknown, existing?: Collection): Collection {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw new SchemaError("Invalid collection.");
  const input = raw as Record<string, unknown>;
  const type = (input.type ?? existing?.type ?? "base") as string;
  if (type !== "base" && type !== "auth")
    throw new SchemaError(`Unsupported collection type ${JSON.stringify(type)}.`);
  const name = (input.name ?? existing?.name) as string;
  if (typeof name !== "string" || !identifier.test(name) || name.length > 100) {
    throw new SchemaError(`Invalid collection name ${JSON.stringify(input.name)}.`);
  }
  if (existing?.system && name !== existing.name) {
    throw new SchemaError(`The system collection ${existing.name} cannot be renamed.`);
  }
  const isSuperusers = name === superusersCollectionName;
  const id =
    typeof input.id === "string" && input.id !== ""
      ? input.id
      : (existing?.id ?? (isSuperusers ? superusersCollectionId : defaultCollectionId(type, name)));
  if (!identifier.test(id) || id.length > 100)
    throw new SchemaError(`Invalid collection id ${JSON.stringify(id)}.`);

  const base: Record<string, unknown> = type === "auth" ? authDefaults(isSuperusers) : {};
  const merged: Record<string, unknown> = { ...base, ...(existing ?? {}), ...input };
  // Secrets are never imported: they stay those of this instance.
  delete merged.secrets;
  if (existing?.secrets) merged.secrets = existing.secrets;

  // Fields: the imported list, plus stored fields it omits (PocketBase keeps them on import).
  const rawFields = Array.isArray(input.fields) ? input.fields : (existing?.fields ?? []);
  let fields = rawFields.map(normalizeField);
  if (existing && Array.isArray(input.fields)) {
    for (const old of existing.fields) {
      const replaced = fields.some((f) => f.id === old.id || f.name === old.name);
      if (!replaced) fields.push(old);
    }
  }
  const system = type === "auth" ? authSystemFields(isSuperusers) : [idField];
  for (const sys of system.toReversed()) {
    const index = fields.findIndex((f) => f.name === sys.name);
    if (index === -1) fields.unshift({ ...sys });
    else fields[index] = { ...fields[index]!, ...sys, id: fields[index]!.id };
  }
  const names = new Set<string>();
  for (const field of fields) {
    if (names.has(field.name.toLowerCase())) throw new SchemaError(`Duplicated field name ${field.name}.`);
    names.add(field.name.toLowerCase());
  }
  fields = fields.map((f) => ({ ...f }));

  const indexes = (Array.isArray(input.indexes) ? input.indexes : (existing?.indexes ?? [])).filter(
    (index): index is string => typeof index === "string",
  );
  if (type === "auth") {
    if (!findSingleColumnUniqueIndex(indexes, "tokenKey")) {
      indexes.push(`CREATE UNIQUE INDEX \`idx_tokenKey_${id}\` ON \`${name}\` (\`tokenKey\`)`);
    }
    if (!findSingleColumnUniqueIndex(indexes, "email")) {
      indexes.push(
        `CREATE UNIQUE INDEX \`idx_email_${id}\` ON \`${name}\` (\`email\`) WHERE \`email\` != ''`,
      );
    }
  }

  const collection: Collection = {
    ...merged,
    id,
    name,
    type,
    system: isSuperusers || Boolean(merged.system),
    listRule: parseRule(merged.listRule, "listRule"),
    viewRule: parseRule(merged.viewRule, "viewRule"),
    createRule: parseRule(merged.createRule, "createRule"),
    updateRule: parseRule(merged.updateRule, "updateRule"),
    deleteRule: parseRule(merged.deleteRule, "deleteRule"),
    fields,
    indexes,
  };
  if (type === "auth") {
    collection.authRule = parseRule(merged.authRule, "authRule");
    collection.manageRule = parseRule(merged.manageRule, "manageRule");
  }
  // As PocketBase ("System collection API rule cannot be changed."): a public rule there would let
  // anyone list the superusers, or a user who may "manage" them set their passwords.
  if (isSuperusers && Object.entries(superusersRules).some(([key, rule]) => collection[key] !== rule)) {
    throw new SchemaError(`The API rules of the system collection ${name} cannot be changed.`);
  }
  return collection;
}

/** The `_superusers` collection every PocketBase instance has. */
export function superusersCollection(existing?: Collection): Collection {
  return normalizeCollection(
    {
      id: superusersCollectionId,
      name: superusersCollectionName,
      type: "auth",
      system: true,
      ...superusersRules,
    },
    existing,
  );
}

export function tokenDuration(collection: Collection, option: TokenOption): number {
  const value = collection[option] as { duration?: unknown } | undefined;
  const duration = Number(value?.duration);
  return Number.isFinite(duration) && duration > 0 ? duration : 1800;
}
