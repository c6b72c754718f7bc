import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SpreadPingTransport } from "./spread-ping-transport.js";

type Spied = { ping(cb: () => void): void; terminate(): void; pingCount: number };

let cleanup: (() => void)[] = [];
afterEach(() => {
  cleanup.forEach((f) => f());
  cleanup = [];
});

async function transport(pingInterval: number): Promise<{ port: number; clients: () => Spied[] }> {
  const server = http.createServer();
  const t = new SpreadPingTransport({ server, pingInterval });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanup.push(() => {
    t.shutdown();
    server.close();
  });
  const wss = (t as unknown as { wss: { clients: Set<Spied> } }).wss;
  return { port: (server.address() as net.AddressInfo).port, clients: () => [...wss.clients] };
}

/** A WebSocket client that completes the handshake and then never answers anything (a phone gone into a tunnel). */
function silentClient(port: number): net.Socket {
  const socket = net.connect(port, "127.0.0.1");
  socket.write(
    `GET /silent HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  socket.on("error", () => {});
  socket.pause(); // reads nothing, so it answers no ping
  cleanup.push(() => socket.destroy());
  return socket;
}

describe("SpreadPingTransport", () => {
  it("pings every client once an interval, a slice at a time rather than all at once", async () => {
    const { port, clients } = await transport(500);
    const sockets = Array.from({ length: 40 }, () => silentClient(port));
    await vi.waitFor(() => expect(clients()).toHaveLength(sockets.length), { timeout: 5000, interval: 20 });
    const seen = clients();
    expect(seen).toHaveLength(sockets.length);
    const pinged: Spied[] = []; // in the order of their pings
    const bursts: number[] = []; // pings per turn of the event loop (one tick of the transport's timer)
    let burst = 0;
    for (const c of seen) {
      const ping = c.ping.bind(c);
      c.ping = (cb) => {
        if (burst === 0)
          queueMicrotask(() => {
            bursts.push(burst);
            burst = 0;
          });
        burst++;
        pinged.push(c);
        c.pingCount = 0; // as if answered, so nobody is closed during this test
        ping(cb);
      };
    }
    await vi.waitFor(() => expect(pinged.length).toBeGreaterThanOrEqual(sockets.length), {
      timeout: 10_000,
      interval: 20,
    });
    // One round: every client once before any client twice…
    expect(new Set(pinged.slice(0, sockets.length)).size).toBe(sockets.length);
    // …a slice at a time: 40 clients in 50 slices is one a tick (the stock transport's burst would be all 40 in one).
    expect(Math.max(...bursts)).toBe(1);
  });

  it("closes a client that answers no ping", async () => {
    const { port, clients } = await transport(200);
    silentClient(port);
    await vi.waitFor(() => expect(clients()).toHaveLength(1), { timeout: 5000, interval: 20 });
    const [client] = clients();
    let terminated = false;
    const terminate = client!.terminate.bind(client);
    client!.terminate = () => {
      terminated = true;
      terminate();
    };
    await vi.waitFor(() => expect(terminated).toBe(true), { timeout: 3000, interval: 20 });
  });
});
