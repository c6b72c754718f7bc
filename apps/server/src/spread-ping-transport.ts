/**
 * Colyseus' WebSocket transport with its keep-alive pings spread out. The stock
 * transport pings every client in one loop turn every 3 s: at 4,000 clients that is a
 * burst of 4,000 socket writes that holds up every table's moves for tens of
 * milliseconds, every 3 s. Here the interval is cut into slices and each tick pings one
 * slice, so the same pings cost the same CPU but never arrive at once; the interval is
 * longer too, as a turn-based game needs no 3-second liveness (a dead socket is found
 * within `interval × (retries + 1)`; a closed one at once, as before).
 */
import { WebSocketTransport } from "@colyseus/ws-transport";
import type { TransportOptions } from "@colyseus/ws-transport";

export const PING_INTERVAL_MS = 10_000; // each client is pinged this often
export const PING_RETRIES = 2; // unanswered pings before the socket is closed
const SLICES = 50; // ticks per interval: 200 ms apart at the default

type Pinged = { pingCount: number; ping(callback: () => void): void; terminate(): void };

export class SpreadPingTransport extends WebSocketTransport {
  constructor(options: TransportOptions = {}) {
    super({ pingInterval: PING_INTERVAL_MS, pingMaxRetries: PING_RETRIES, ...options });
  }

  /** Pings one slice of the clients per tick (by their place in the set, so the slices stay even as clients come and go). */
  protected override autoTerminateUnresponsiveClients(pingInterval: number, pingMaxRetries: number): void {
    let tick = 0;
    this.pingInterval = setInterval(
      () => {
        const slice = tick++ % SLICES;
        let i = 0;
        for (const client of this.wss.clients as Set<unknown> as Set<Pinged>) {
          if (i++ % SLICES !== slice) continue;
          if (client.pingCount >= pingMaxRetries) {
            client.terminate();
            continue;
          }
          client.pingCount++;
          client.ping(() => {});
        }
      },
      Math.max(1, Math.floor(pingInterval / SLICES)),
    );
  }
}
