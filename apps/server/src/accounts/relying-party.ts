/**
 * The WebAuthn relying party: the site passkeys are made for. Its id is the host name
 * (browsers refuse an IP address), and a response is accepted only from an allowed
 * origin: RP_ORIGINS lists them for a deployment ("https://yourtrumps.example"); without
 * it, any http://localhost:<port> and https://<id>:<port> is allowed, which is what
 * development and the browser tests open.
 */

export interface RelyingParty {
  id: string; // RP_ID, default "localhost"
  name: string; // RP_NAME, default "Your Trumps": what the browser's passkey prompt shows
  origins: readonly string[] | null; // RP_ORIGINS; null: the defaults above
}

export const DEFAULT_RELYING_PARTY: RelyingParty = { id: "localhost", name: "Your Trumps", origins: null };

/** Whether a response made at `origin` may be accepted by `rp`. */
export function originAllowed(rp: RelyingParty, origin: string): boolean {
  if (rp.origins !== null) return rp.origins.includes(origin);
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin || url.hostname !== rp.id) return false;
  return url.protocol === "https:" || (url.protocol === "http:" && rp.id === "localhost");
}
