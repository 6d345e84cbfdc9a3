import { Server } from "socket.io";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { encodeAck, encodePush, sendEncoded, textFrame } from "./frames";

const encoder = new Server({ serveClient: false }).encoder;
/** socket.io-parser's `PacketType.EVENT` and `PacketType.ACK`. */
const [EVENT, ACK] = [2, 3];

/** The frame socket.io, engine.io and ws would send for this packet: the bytes to match. */
function socketIoFrame(packet: { type: number; data: unknown[]; id?: number }): Buffer {
  const [encoded] = encoder.encode({ ...packet, nsp: "/" } as Parameters<typeof encoder.encode>[0]);
  const data = Buffer.from(`4${encoded as string}`);
  // ws's framing, as socket.io's adapter uses it for broadcasts (not in ws's type declarations)
  const { Sender } = WebSocket as unknown as { Sender: { frame(data: Buffer, options: object): Buffer[] } };
  const parts = Sender.frame(data, {
    readOnly: false,
    mask: false,
    rsv1: false,
    opcode: 1,
    fin: true,
  });
  return Buffer.concat(parts);
}

describe("encodeAck", () => {
  it.each([
    [0, { ok: true, version: 12 }],
    [4711, { ok: false, error: { code: "action/stale", message: "The table has moved on — “again”." } }],
    [3, undefined],
  ])("writes the answer to message %i byte for byte as socket.io would", (id, response) => {
    const push = encodeAck(id, JSON.stringify(response) ?? "null");
    expect(push.frame.equals(socketIoFrame({ type: ACK, id, data: [response] }))).toBe(true);
  });
});

describe("encodePush", () => {
  const payloads: Array<[string, unknown]> = [
    [
      "events",
      { match: 1, game: 1, version: 7, events: [{ type: "placed", seat: 2 }], deadline: null, now: 5 },
    ],
    ["chat", { text: 'héllo “quotes” 🌟 \\ " \n', seat: null }],
    ["view", { view: { cards: Array.from({ length: 40 }, (_, i) => ({ id: i, alt: "x".repeat(i) })) } }],
    ["table", { long: "y".repeat(70_000) }],
    ["notice", {}],
  ];

  it.each(payloads)("writes %s pushes byte for byte as socket.io would", (event, payload) => {
    const push = encodePush(event, JSON.stringify(payload));
    expect(push.frame.equals(socketIoFrame({ type: EVENT, data: [event, payload] }))).toBe(true);
    expect(push.frame.subarray(push.frame.length - Buffer.byteLength(push.packet))).toEqual(
      Buffer.from(push.packet),
    );
  });

  it("sizes the header by the payload's length in bytes, not characters", () => {
    for (const length of [0, 125, 126, 65_535, 65_536]) {
      const text = "é".repeat(Math.floor(length / 2)) + "a".repeat(length % 2);
      const frame = textFrame(text);
      const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
      expect(frame.length).toBe(header + length);
      expect(frame.subarray(header).toString("utf8")).toBe(text);
    }
  });
});

describe("sendEncoded", () => {
  /** A socket.io socket as far as `sendEncoded` looks into it, recording where each frame went. */
  function fakeSocket(state: { held: unknown[]; engineState?: string; wsState?: number }) {
    const log: string[] = [];
    const conn = {
      readyState: state.engineState ?? "open",
      writeBuffer: state.held,
      transport: {
        name: "websocket",
        socket: {
          readyState: state.wsState ?? 1,
          _sender: { sendFrame: (list: Buffer[]) => log.push(`sender ${list.length}`) },
        },
      },
      write: (data: string, options: { wsPreEncodedFrame: Buffer[] }) =>
        log.push(`engine ${data} ${options.wsPreEncodedFrame.length}`),
    };
    return { socket: { conn } as unknown as Parameters<typeof sendEncoded>[0], log };
  }
  const push = encodePush("chat", '{"text":"hi"}');

  it("writes straight to the WebSocket's sender when engine.io holds nothing back", () => {
    const { socket, log } = fakeSocket({ held: [] });
    sendEncoded(socket, push);
    expect(log).toEqual(["sender 1"]);
  });

  it("queues behind the packets engine.io holds back, with the frame already made", () => {
    const { socket, log } = fakeSocket({ held: [{ type: "ping" }] });
    sendEncoded(socket, push);
    expect(log).toEqual([`engine ${push.packet} 1`]);
  });

  it("leaves a closing WebSocket to engine.io and sends nothing to a closed socket", () => {
    const closingWs = fakeSocket({ held: [], wsState: 2 });
    sendEncoded(closingWs.socket, push);
    expect(closingWs.log).toEqual([`engine ${push.packet} 1`]);
    const closed = fakeSocket({ held: [], engineState: "closed" });
    sendEncoded(closed.socket, push);
    expect(closed.log).toEqual([]);
  });
});
