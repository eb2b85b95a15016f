// Raw HTTP/1.1 over real sockets, for the clients fetch cannot be: one that
// trickles its body a byte at a time, one that stops halfway, one that sits idle.
import { connect, type Socket } from 'node:net';

export interface RawConnection {
  socket: Socket;
  /** Everything the server sent, once it closed the connection (or it failed). */
  closed: Promise<string>;
  /** Everything received so far. */
  received(): string;
  /** Stops the trickle, if any, and destroys the socket. */
  destroy(): void;
}

/** Connects to 127.0.0.1:port and sends `head` at once. */
export async function openRaw(port: number, head: string): Promise<RawConnection> {
  const socket = connect({ port, host: '127.0.0.1' });
  let data = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    data += chunk;
  });
  const closed = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(data));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  if (head) socket.write(head);
  return { socket, closed, received: () => data, destroy: () => socket.destroy() };
}

/** The head of a PUT /api/inquiries/:id that announces `contentLength` bytes of JSON. */
export function putHead(id: string, token: string, contentLength: number, connection = 'keep-alive'): string {
  return [
    `PUT /api/inquiries/${id} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Content-Type: application/json',
    `Authorization: Bearer ${token}`,
    `Content-Length: ${contentLength}`,
    `Connection: ${connection}`,
    '',
    '',
  ].join('\r\n');
}

/**
 * A client that announces a body of `contentLength` bytes and then sends one
 * space (JSON whitespace) every `everyMs`: it would take forever to finish.
 */
export async function openTrickle(
  port: number,
  token: string,
  id: string,
  { contentLength = 10_000, everyMs = 200 } = {},
): Promise<RawConnection> {
  const connection = await openRaw(port, putHead(id, token, contentLength));
  const timer = setInterval(() => {
    if (!connection.socket.destroyed) connection.socket.write(' ');
  }, everyMs);
  connection.closed.finally(() => clearInterval(timer));
  return {
    ...connection,
    destroy() {
      clearInterval(timer);
      connection.socket.destroy();
    },
  };
}

/** The status code of the first response in what a connection received, if any. */
export function statusOf(received: string): number | undefined {
  const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
  return match ? Number(match[1]) : undefined;
}
