import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";

// A software authenticator for tests: what a browser and a phone's screen lock hand the server
// when a passkey is made (a "none" attestation) and used (an assertion), with an EC P-256 key
// (ES256) from node:crypto. Each step may be told another origin, rp id or counter, as a phishing
// page or a cloned key would answer.

/** A passkey the authenticator holds. `signCount` is the counter its next assertion reports, less one. */
export type SoftwareCredential = {
  id: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The user handle the site gave at registration (base64url), returned with each assertion. */
  userHandle: string;
  signCount: number;
};

export type CeremonyOverrides = {
  origin?: string;
  rpId?: string;
  signCount?: number;
  /** At registration: this credential's id and key again, not a new one. */
  same?: SoftwareCredential;
};

const flags = { userPresent: 0x01, userVerified: 0x04, attestedCredential: 0x40 };

// CBOR (RFC 8949), the few items a "none" attestation and a COSE key hold.
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const entries = [...value].flatMap(([key, item]) => [cbor(key), cbor(item)]);
  return Buffer.concat([cborHead(5, value.size), ...entries]);
}

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString("base64url");

function counterBytes(count: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(count);
  return bytes;
}

function clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** The credential's public key as a COSE_Key: EC2 (kty 2), ES256 (alg -7), P-256 (crv 1), x, y. */
function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: "jwk" });
  return cbor(
    new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
}

/** The credential's public key as the server stores it: its COSE key, in base64url. */
export const storedPublicKey = (credential: SoftwareCredential): string =>
  b64url(coseKey(credential.publicKey));

/**
 * Makes a passkey for the site's registration options, as `navigator.credentials.create` would:
 * the new credential and the response the browser sends back.
 */
export function createPasskey(
  options: PublicKeyCredentialCreationOptionsJSON,
  { origin = "http://localhost:8090", rpId = options.rp.id!, signCount = 0, same }: CeremonyOverrides = {},
): { credential: SoftwareCredential; response: RegistrationResponseJSON } {
  const { privateKey, publicKey } = same ?? generateKeyPairSync("ec", { namedCurve: "P-256" });
  const id = same ? Buffer.from(same.id, "base64url") : randomBytes(16);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(id.length);
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([flags.userPresent | flags.userVerified | flags.attestedCredential]),
    counterBytes(signCount),
    Buffer.alloc(16), // aaguid: none
    idLength,
    id,
    coseKey(publicKey),
  ]);
  const attestationObject = cbor(
    new Map<Cbor, Cbor>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", authData],
    ]),
  );
  const credential = { id: b64url(id), privateKey, publicKey, userHandle: options.user.id, signCount };
  return {
    credential,
    response: {
      id: credential.id,
      rawId: credential.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientData("webauthn.create", options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ["internal", "hybrid"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    },
  };
}

/**
 * Signs the site's sign-in challenge with `credential`, as `navigator.credentials.get` would. The
 * counter goes up by one each time unless `signCount` says what to report.
 */
export function usePasskey(
  credential: SoftwareCredential,
  options: PublicKeyCredentialRequestOptionsJSON,
  {
    origin = "http://localhost:8090",
    rpId = options.rpId!,
    signCount = credential.signCount + 1,
  }: CeremonyOverrides = {},
): AuthenticationResponseJSON {
  credential.signCount = signCount;
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([flags.userPresent | flags.userVerified]),
    counterBytes(signCount),
  ]);
  const clientDataJSON = clientData("webauthn.get", options.challenge, origin);
  const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
  return {
    id: credential.id,
    rawId: credential.id,
    type: "public-key",
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: credential.userHandle,
    },
    clientExtensionResults: {},
    authenticatorAttachment: "platform",
  };
}
