/**
 * Which address a request comes from, for the per-address limits (front-door.ts) and the
 * matchmaker's checks of who reserves a seat (table/reservations.test.ts).
 *
 * `X-Forwarded-For` is anybody's to write, so it is read only when TRUST_PROXY says how
 * many proxies of ours stand in front of the process: each appends the address it got
 * the request from, so with N of them the client is the N-th entry from the right, and
 * anything further left was written by the client itself. Without TRUST_PROXY the
 * address is the socket's peer, and a client cannot step out of its limits by inventing
 * headers.
 */
import type { IncomingMessage } from "node:http";
import { isIPv4, isIPv6 } from "node:net";

/** The header Colyseus reads the client's address from first (its AuthContext `ip`); the front door writes it. */
export const ADDRESS_HEADER = "x-real-ip";

/** The client's address: the socket's peer, or with `trustProxy` hops the entry of X-Forwarded-For they vouch for. */
export function clientAddress(req: IncomingMessage, trustProxy: number): string {
  const peer = normalise(req.socket.remoteAddress ?? "unknown");
  if (trustProxy <= 0) return peer;
  const header = req.headers["x-forwarded-for"];
  const hops = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((h) => h.trim())
    .filter((h) => h !== "");
  // With fewer entries than proxies, the request did not come through all of them: the peer is as far as we can vouch.
  const vouched = hops[hops.length - trustProxy];
  return vouched === undefined ? peer : normalise(vouched);
}

/**
 * One spelling per client: an IPv4 client on a dual-stack socket (::ffff:a.b.c.d) is its
 * IPv4 address, and an IPv6 client is its /64, since one household or one rented server
 * is given a whole /64 and could otherwise take a fresh address for every request.
 */
function normalise(address: string): string {
  const mapped = /^::ffff:(.+)$/i.exec(address)?.[1];
  if (mapped !== undefined && isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return address.toLowerCase();
  const [head = "", tail] = address.toLowerCase().split("%")[0]!.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
