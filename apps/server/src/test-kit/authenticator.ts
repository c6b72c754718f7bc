/**
 * A software passkey authenticator for server tests: what a browser's WebAuthn call
 * returns, made with node:crypto (P-256, ES256, "none" attestation), so the server's
 * verification runs for real on responses a test can also replay, tamper with or
 * present to the wrong account. The browser tests use Chromium's own virtual authenticator.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { encodeCBOR, type CBORType } from "@levischuck/tiny-cbor";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";

/** A passkey the authenticator holds (discoverable: it knows its user). */
export interface SoftPasskey {
  id: string; // base64url
  rpId: string;
  userHandle: string; // base64url
  privateKey: KeyObject;
  publicKey: Uint8Array; // COSE, as the server stores it
  counter: number;
}

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string): Buffer => createHash("sha256").update(data).digest();

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

const UP_UV = 0x01 | 0x04; // user present, user verified
const ATTESTED = 0x40;

/** Answers a registration's options as `navigator.credentials.create` would at `origin`. */
export function createPasskey(
  options: PublicKeyCredentialCreationOptionsJSON,
  origin: string,
): { passkey: SoftPasskey; response: RegistrationResponseJSON } {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const cose = encodeCBOR(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
  const id = randomBytes(16);
  const rpId = options.rp.id ?? "localhost";
  const length = Buffer.alloc(2);
  length.writeUInt16BE(id.length);
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([UP_UV | ATTESTED]),
    counterBytes(0),
    Buffer.alloc(16), // aaguid
    length,
    id,
    Buffer.from(cose),
  ]);
  const clientData = Buffer.from(
    JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin, crossOrigin: false }),
  );
  const attestationObject = encodeCBOR(
    new Map<string, CBORType>([
      ["fmt", "none"],
      ["attStmt", new Map<string, CBORType>()],
      ["authData", authData],
    ]),
  );
  return {
    passkey: { id: b64(id), rpId, userHandle: options.user.id, privateKey, publicKey: cose, counter: 0 },
    response: {
      id: b64(id),
      rawId: b64(id),
      type: "public-key",
      response: {
        clientDataJSON: b64(clientData),
        attestationObject: b64(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    },
  };
}

/** Answers a sign-in's options with `passkey` as `navigator.credentials.get` would at `origin` (the counter moves on). */
export function signWithPasskey(
  passkey: SoftPasskey,
  options: PublicKeyCredentialRequestOptionsJSON,
  origin: string,
): AuthenticationResponseJSON {
  passkey.counter += 1;
  const authData = Buffer.concat([sha256(passkey.rpId), Buffer.from([UP_UV]), counterBytes(passkey.counter)]);
  const clientData = Buffer.from(
    JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin, crossOrigin: false }),
  );
  const signature = sign("sha256", Buffer.concat([authData, sha256(clientData)]), passkey.privateKey);
  return {
    id: passkey.id,
    rawId: passkey.id,
    type: "public-key",
    response: {
      clientDataJSON: b64(clientData),
      authenticatorData: b64(authData),
      signature: b64(signature),
      userHandle: passkey.userHandle,
    },
    clientExtensionResults: {},
    authenticatorAttachment: "platform",
  };
}
