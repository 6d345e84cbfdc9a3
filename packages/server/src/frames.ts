/**
 * Pushes encoded once and written straight to each socket's WebSocket. socket.io's own broadcast
 * encodes a payload once too, but then walks it for binary data and hands every socket a packet that
 * goes through socket.io, engine.io (packet objects, events, a write buffer, a drain callback) and ws
 * (a header and a body written as two chunks) — at thousands of sockets most of the server's time. Here
 * the whole frame (WebSocket header, engine.io `message` type, socket.io `EVENT` packet) is built once
 * per distinct payload and written to each socket in one call. The bytes on the wire are exactly the
 * ones socket.io would send (default namespace, default parser, no compression).
 */
import type { Socket } from "socket.io";

/** A push ready for the wire: socket.io's packet text, and the WebSocket frame that carries it. */
export interface EncodedPush {
  /** The socket.io packet, as socket.io's parser writes an `EVENT` in the default namespace. */
  readonly packet: string;
  /** The WebSocket text frame holding engine.io's `message` packet ("4" + `packet`), unmasked. */
  readonly frame: Buffer;
}

/**
 * Encodes an event with its payload, given as its JSON text (`JSON.stringify(payload)`) so that a
 * caller which already has the text does not serialize the payload twice.
 */
export function encodePush(event: string, json: string): EncodedPush {
  const packet = `2[${JSON.stringify(event)},${json}]`;
  return { packet, frame: textFrame(`4${packet}`) };
}

/** Encodes the answer to a client's message `id` (socket.io's `ACK` packet), given as its JSON text. */
export function encodeAck(id: number, json: string): EncodedPush {
  const packet = `3${id}[${json}]`;
  return { packet, frame: textFrame(`4${packet}`) };
}

/**
 * Makes the socket's acks (the callbacks socket.io hands its message listeners) answer through
 * `sendEncoded`, with the bytes socket.io would send. It replaces socket.io's private `ack(id)`, which
 * made each answer a trip through socket.io's and engine.io's packet pipelines; where that method is
 * missing (another socket.io version), socket.io's own acks stay.
 */
export function encodeAcks(socket: Socket): void {
  const target = socket as unknown as { ack?: (id: number) => (response: unknown) => void };
  if (typeof target.ack !== "function") return;
  target.ack = (id: number) => {
    let sent = false;
    return (response: unknown) => {
      if (sent) return;
      sent = true;
      sendEncoded(socket, encodeAck(id, JSON.stringify(response) ?? "null"));
    };
  };
}

/** One unfragmented, unmasked WebSocket text frame (RFC 6455 §5.2) holding `text`. */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81; // FIN, opcode 1 (text)
  if (length < 126) frame[1] = length;
  else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  frame.write(text, header, "utf8");
  return frame;
}

/** The parts of engine.io's socket and its WebSocket transport that a direct write relies on. */
interface EngineSocket {
  readyState: string;
  writeBuffer: unknown[];
  transport: {
    name: string;
    perMessageDeflate?: unknown;
    socket?: {
      readyState: number;
      _sender?: { sendFrame?: (list: Buffer[], cb?: () => void) => void };
    };
  };
  write(data: string, options: { wsPreEncodedFrame: Buffer[] }): unknown;
}

/**
 * Sends an encoded push to one socket. When engine.io holds nothing back for the socket (its write
 * buffer is empty), the frame goes straight to the WebSocket's sender, so it leaves after everything
 * sent before it; otherwise it joins engine.io's buffer behind what waits there, carrying its frame so
 * that engine.io does not encode it again.
 */
export function sendEncoded(socket: Socket, push: EncodedPush): void {
  const engine = socket.conn as unknown as EngineSocket;
  if (engine.readyState === "closing" || engine.readyState === "closed") return;
  const transport = engine.transport;
  // ws's OPEN is 1; a WebSocket closing under an open engine.io socket is left to engine.io
  const ws = transport.name === "websocket" && transport.socket?.readyState === 1 ? transport.socket : null;
  const sender = ws?._sender;
  if (engine.writeBuffer.length === 0 && !transport.perMessageDeflate && sender?.sendFrame)
    sender.sendFrame([push.frame]);
  else engine.write(push.packet, { wsPreEncodedFrame: [push.frame] });
}
