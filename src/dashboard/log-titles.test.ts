import { describe, expect, it } from "vitest";
import { requestTitle } from "./log-titles.ts";

const title = (method: string, url: string, status: number) => requestTitle(method, url, status)?.message;

describe("a logged request's title", () => {
  it("says what the request did, and whether it was refused", () => {
    expect(title("POST", "/api/collections/users/auth-with-password", 200)).toBe("Signed in");
    expect(title("POST", "/api/collections/users/auth-with-password", 400)).toBe("Sign-in failed");
    expect(title("POST", "/api/collections/_superusers/auth-with-password", 429)).toBe("Sign-in failed");
    expect(title("POST", "/api/collections/users/records", 200)).toBe("User created");
    expect(title("PATCH", "/api/collections/users/records/k3m9q0w1e2r3t4y", 400)).toBe("User change refused");
    expect(title("POST", "/api/backups/pb_backup_1.zip/restore", 204)).toBe("Backup restored");
    expect(title("POST", "/api/collections/users/auth-with-passkey?expand=x", 200)).toBe(
      "Signed in with a passkey",
    );
    expect(title("POST", "/api/collections/users/auth-with-passkey", 400)).toBe("Passkey sign-in failed");
    expect(title("POST", "/api/collections/users/passkeys", 200)).toBe("Passkey added");
    expect(title("DELETE", "/api/collections/users/passkeys/pk1a2b3c4d5e6f7", 404)).toBe(
      "Passkey removal refused",
    );
    expect(title("POST", "/api/collections/users/auth-with-password", 401)).toBe(
      "Password accepted, code asked",
    );
    expect(title("POST", "/api/collections/_superusers/auth-with-totp", 200)).toBe(
      "Signed in with a two-factor code",
    );
    expect(title("POST", "/api/collections/users/auth-with-totp", 429)).toBe("Two-factor code refused");
    expect(title("POST", "/api/collections/users/totp", 200)).toBe("Two-factor sign-in turned on");
    expect(title("DELETE", "/api/collections/users/totp", 400)).toBe(
      "Turning off two-factor sign-in refused",
    );
    expect(title("POST", "/api/collections/users/totp/recovery-codes", 200)).toBe("Recovery codes renewed");
    expect(title("POST", "/api/collections/users/confirm-identity", 200)).toBe("Identity confirmed");
    expect(title("POST", "/api/collections/_superusers/confirm-identity", 400)).toBe(
      "Identity confirmation refused",
    );
    expect(title("POST", "/api/collections/users/confirm-password-reset?lang=fr", 204)).toBe(
      "Password reset",
    );
  });

  it("has no words for reads and for paths it does not know", () => {
    expect(title("GET", "/api/collections/users/records?page=1", 200)).toBeUndefined();
    expect(title("GET", "/api/health", 200)).toBeUndefined();
    expect(title("GET", "/api/collections/users/passkeys", 200)).toBeUndefined();
    expect(title("GET", "/api/collections/users/totp", 200)).toBeUndefined();
    expect(title("POST", "/api/collections/users/totp/setup", 200)).toBeUndefined();
    expect(title("POST", "/api/collections/users/records/extra/path", 200)).toBeUndefined();
    expect(title("DELETE", "/api/collections/users/auth-with-password", 200)).toBeUndefined();
  });
});
