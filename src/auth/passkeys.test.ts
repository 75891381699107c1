import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as en } from "#locales/en/messages.po";
import { messages as fr } from "#locales/fr/messages.po";
import { passkeyNameMaxLength } from "#shared/passkeys.ts";
import { deviceName } from "./passkeys.ts";

const english = setupI18n({ locale: "en", messages: { en } });
const french = setupI18n({ locale: "fr", messages: { fr } });

describe("deviceName", () => {
  it.each([
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari on iPhone",
      "Safari sur iPhone",
    ],
    [
      "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      "Chrome on Android",
      "Chrome sur Android",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Edge on Windows",
      "Edge sur Windows",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0",
      "Firefox on macOS",
      "Firefox sur macOS",
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      "Chrome on Linux",
      "Chrome sur Linux",
    ],
  ])("names %s after its browser and system", (userAgent, inEnglish, inFrench) => {
    expect(deviceName(userAgent, english)).toBe(inEnglish);
    expect(deviceName(userAgent, french)).toBe(inFrench);
  });

  it("falls back to the system alone, then to “This device”", () => {
    expect(deviceName("SomeBrowser (Windows NT 10.0)", english)).toBe("Windows");
    expect(deviceName("", english)).toBe("This device");
    expect(deviceName("", french)).toBe("Cet appareil");
  });

  it("never exceeds the name's length limit", () => {
    expect(deviceName("x".repeat(500), english).length).toBeLessThanOrEqual(passkeyNameMaxLength);
  });
});
