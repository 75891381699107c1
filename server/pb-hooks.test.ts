import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { beforeEach, describe, expect, it } from "vitest";

// pocketbase/pb_hooks/ and the migration that keeps the Stremio password once, run in node:vm
// against small fakes of PocketBase's JS API (hook registration, `$security`, `$mails`, `Record`, an
// app whose transactions undo their writes on a throw, and whose saves run the registered hooks as
// PocketBase's do). This checks the hooks' logic, not PocketBase itself: no PocketBase binary runs
// here.

const root = path.resolve(import.meta.dirname, "../pocketbase");
const hooksDir = path.join(root, "pb_hooks");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

type Data = Record<string, unknown>;
type Handler = (e: Event) => void;
type Event = {
  app: FakeApp;
  record: FakeRecord;
  next: () => void;
  hasSuperuserAuth: () => boolean;
};

class FakeRecord {
  collection: string;
  id = "";
  data: Data;
  private before: Data = {};
  constructor(collection: { name: string }, data: Data = {}) {
    this.collection = collection.name;
    this.data = { ...data };
  }
  get(name: string) {
    return this.data[name];
  }
  set(name: string, value: unknown) {
    this.data[name] = value;
  }
  getString(name: string) {
    return String(this.data[name] ?? "");
  }
  verified() {
    return this.data.verified === true;
  }
  original() {
    const copy = new FakeRecord({ name: this.collection }, this.before);
    copy.id = this.id;
    return copy;
  }
  markSaved() {
    this.before = { ...this.data };
  }
}

/** The hooks the scripts register, by name and collection. */
type Registry = Map<string, Handler[]>;

class FakeApp {
  tables: Record<string, Map<string, Data>> = { users: new Map(), stremio: new Map() };
  usersFields = ["email", "stremio_username", "stremio_password", "trial_ends"];
  failStremio = false;
  private nextId = 1;
  private hooks: Registry;
  constructor(hooks: Registry) {
    this.hooks = hooks;
  }
  runInTransaction(fn: (tx: FakeApp) => void) {
    const snapshot = Object.fromEntries(
      Object.entries(this.tables).map(([name, rows]) => [
        name,
        new Map([...rows].map(([id, row]) => [id, { ...row }])),
      ]),
    );
    try {
      fn(this);
    } catch (error) {
      this.tables = snapshot;
      throw error;
    }
  }
  findCollectionByNameOrId(name: string) {
    const fields = name === "users" ? this.usersFields : [];
    return {
      name,
      fields: {
        getByName: (field: string) => (fields.includes(field) ? { name: field } : null),
        removeByName: (field: string) => fields.splice(fields.indexOf(field), 1),
      },
    };
  }
  findRecordById(collection: string, id: string) {
    const row = this.tables[collection]!.get(id);
    if (!row) throw new Error("sql: no rows in result set");
    const record = new FakeRecord({ name: collection }, row);
    record.id = id;
    record.markSaved();
    return record;
  }
  /** The two filters the migration asks: users with a Stremio password, a user's Stremio record. */
  findRecordsByFilter(
    collection: string,
    filter: string,
    _sort: string,
    limit: number,
    _offset: number,
    params?: { id: string },
  ) {
    const records = [...this.tables[collection]!.keys()]
      .map((id) => this.findRecordById(collection, id))
      .filter((record) =>
        filter === "user = {:id}"
          ? record.getString("user") === params!.id
          : record.getString("stremio_password") !== "",
      );
    return limit > 0 ? records.slice(0, limit) : records;
  }
  /** A users row keeps only the collection's columns. */
  private usersColumns(row: Data) {
    for (const name of Object.keys(row))
      if (!this.usersFields.includes(name) && name !== "verified") delete row[name];
  }
  save(model: FakeRecord | { name: string }) {
    if (!(model instanceof FakeRecord)) {
      // A collection, its fields changed in place: a removed field's column goes with its values.
      for (const row of this.tables.users!.values()) this.usersColumns(row);
      return;
    }
    const isNew = model.id === "";
    const write = () => {
      if (model.collection === "stremio" && this.failStremio) throw new Error("stremio: refused");
      if (isNew) model.id = `id${this.nextId++}`;
      const row = { ...model.data };
      if (model.collection === "users") this.usersColumns(row);
      this.tables[model.collection]!.set(model.id, row);
    };
    const chain = [
      ...(this.hooks.get(`${isNew ? "onRecordCreate" : "onRecordUpdate"}:${model.collection}`) ?? []),
    ];
    const event: Event = {
      app: this,
      record: model,
      next: () => {
        const handler = chain.shift();
        if (handler) handler(event);
        else write();
      },
      hasSuperuserAuth: () => false,
    };
    event.next();
    model.markSaved();
  }
  saveNoValidate(model: FakeRecord) {
    this.save(model);
  }
  logger() {
    return { error: (...args: unknown[]) => logged.push(args.map(String).join(" ")) };
  }
}

let logged: string[] = [];
let mails: string[] = [];
let mailFails = false;
let hooks: Registry;
let migration: { up: (app: FakeApp) => void } | undefined;

/** A context holding the fake globals, as PocketBase's runtime has them. */
function runtime(): vm.Context {
  const register = (name: string) => (handler: Handler, collection: string) => {
    const key = `${name}:${collection}`;
    hooks.set(key, [...(hooks.get(key) ?? []), handler]);
  };
  const context = vm.createContext({
    __hooks: hooksDir,
    onRecordCreate: register("onRecordCreate"),
    onRecordUpdate: register("onRecordUpdate"),
    onRecordCreateRequest: register("onRecordCreateRequest"),
    onRecordConfirmVerificationRequest: register("onRecordConfirmVerificationRequest"),
    migrate: (up: (app: FakeApp) => void) => {
      migration = { up };
    },
    Record: FakeRecord,
    $security: {
      randomStringWithAlphabet: (length: number, alphabet: string) =>
        Array.from({ length }, (_, i) => alphabet[(i * 7) % alphabet.length]).join(""),
    },
    $mails: {
      sendRecordVerification: (_app: FakeApp, record: FakeRecord) => {
        if (mailFails) throw new Error("smtp down");
        mails.push(record.getString("email"));
      },
    },
    require: (file: string) => {
      const module = { exports: {} as unknown };
      vm.runInContext(`(function (module, exports) {${readFileSync(file, "utf8")}\n})`, context)(
        module,
        module.exports,
      );
      return module.exports;
    },
  });
  return context;
}

let app: FakeApp;
beforeEach(() => {
  hooks = new Map();
  logged = [];
  mails = [];
  mailFails = false;
  migration = undefined;
  const context = runtime();
  vm.runInContext(read("pb_hooks/stremio-account.pb.js"), context);
  vm.runInContext(read("pb_migrations/1780400000_stremio_secret_once.js"), context);
  app = new FakeApp(hooks);
});

/** A users create through the records API, as PocketBase runs it: the request hook around the save. */
function signUp(data: Data, superuser = false) {
  const record = new FakeRecord({ name: "users" }, data);
  const chain = [...(hooks.get("onRecordCreateRequest:users") ?? [])];
  const event: Event = {
    app,
    record,
    next: () => {
      const handler = chain.shift();
      if (handler) handler(event);
      else app.save(record);
    },
    hasSuperuserAuth: () => superuser,
  };
  event.next();
  return record;
}

/** The emailed link followed: the user is verified, as confirm-verification saves it, the request hook around it. */
function confirmVerification(userId: string) {
  const record = app.findRecordById("users", userId);
  const chain = [...(hooks.get("onRecordConfirmVerificationRequest:users") ?? [])];
  const event: Event = {
    app,
    record,
    next: () => {
      const handler = chain.shift();
      if (handler) handler(event);
      else {
        record.set("verified", true);
        app.save(record);
      }
    },
    hasSuperuserAuth: () => false,
  };
  event.next();
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().replace("T", " ");

const stremioOf = (userId: string) => [...app.tables.stremio!.values()].filter((row) => row.user === userId);

describe("pocketbase/pb_hooks on a users create", () => {
  it("names the generated username on the user, makes the Stremio record, then mails the visitor", () => {
    const user = signUp({
      email: "Jean.Dupont+tv@example.com",
      stremio_username: "famous@lumen.stream",
      trial_ends: inDays(7),
    });
    const username = user.getString("stremio_username");
    expect(username).toMatch(/^jeanduponttv_[a-z0-9]{4}@lumen\.stream$/);
    expect(stremioOf(user.id)).toEqual([
      {
        user: user.id,
        email: username,
        password: expect.stringMatching(/^[A-Za-z0-9!@#$%^&*]{16}$/),
        // Not before the address is verified.
        field: "inactive",
      },
    ]);
    expect(mails).toEqual(["Jean.Dupont+tv@example.com"]);
    // The emailed link followed: the trial streams.
    confirmVerification(user.id);
    expect(stremioOf(user.id)).toEqual([expect.objectContaining({ field: "active" })]);
  });

  it("streams at once on a verified account's running trial, never on an ended one", () => {
    const verified = signUp({ email: "ops-made@example.com", verified: true, trial_ends: inDays(3) }, true);
    expect(stremioOf(verified.id)).toEqual([expect.objectContaining({ field: "active" })]);
    const over = signUp({ email: "late@example.com", trial_ends: inDays(-1) });
    confirmVerification(over.id);
    expect(stremioOf(over.id)).toEqual([expect.objectContaining({ field: "inactive" })]);
  });

  it("undoes the user when the Stremio record cannot be saved, and mails nobody", () => {
    app.failStremio = true;
    expect(() => signUp({ email: "halfway@example.com" })).toThrow(/stremio: refused/);
    expect(app.tables.users!.size).toBe(0);
    expect(mails).toEqual([]);
  });

  it("mails neither an operator's new account nor a verified one, and logs a failed send", () => {
    signUp({ email: "made@example.com" }, true);
    signUp({ email: "known@example.com", verified: true });
    expect(mails).toEqual([]);
    mailFails = true;
    const user = signUp({ email: "unlucky@example.com" });
    expect(app.tables.users!.has(user.id)).toBe(true);
    expect(logged).toEqual([expect.stringContaining("smtp down")]);
  });
});

describe("pocketbase/pb_hooks on a Stremio record", () => {
  it("names a new username on its user; a new password alone changes nothing else", () => {
    const user = signUp({ email: "renew@example.com" });
    const [id] = [...app.tables.stremio!.keys()];
    const record = app.findRecordById("stremio", id!);
    record.set("password", "x".repeat(16));
    app.save(record);
    expect(app.findRecordById("users", user.id).getString("stremio_username")).toBe(
      user.getString("stremio_username"),
    );
    record.set("email", "renew_zz99@lumen.stream");
    app.save(record);
    expect(app.findRecordById("users", user.id).getString("stremio_username")).toBe(
      "renew_zz99@lumen.stream",
    );
  });
});

describe("the migration that keeps the Stremio password once", () => {
  it("moves each copy onto the Stremio record, keeps a newer record, drops the field, and runs again harmlessly", () => {
    const put = (collection: string, id: string, row: Data) => app.tables[collection]!.set(id, row);
    put("users", "lone", {
      email: "lone@example.com",
      stremio_username: "lone_aaaa@lumen.stream",
      stremio_password: "lone-secret",
    });
    put("users", "empty", {
      email: "empty@example.com",
      stremio_username: "empty_bbbb@lumen.stream",
      stremio_password: "empty-secret",
    });
    put("stremio", "s-empty", {
      user: "empty",
      email: "empty_bbbb@lumen.stream",
      password: "",
      field: "active",
    });
    put("users", "newer", {
      email: "newer@example.com",
      stremio_username: "newer_old1@lumen.stream",
      stremio_password: "old",
    });
    put("stremio", "s-newer", {
      user: "newer",
      email: "newer_new2@lumen.stream",
      password: "new",
      field: "active",
    });

    migration!.up(app);
    migration!.up(app);

    expect(app.usersFields).not.toContain("stremio_password");
    expect(stremioOf("lone")).toEqual([
      { user: "lone", email: "lone_aaaa@lumen.stream", password: "lone-secret", field: "active" },
    ]);
    expect(stremioOf("empty")).toEqual([expect.objectContaining({ password: "empty-secret" })]);
    expect(stremioOf("newer")).toEqual([
      expect.objectContaining({ email: "newer_new2@lumen.stream", password: "new" }),
    ]);
    expect(app.tables.users!.get("newer")).toEqual({
      email: "newer@example.com",
      stremio_username: "newer_new2@lumen.stream",
    });
  });
});
