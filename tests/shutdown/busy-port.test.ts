// A friendly start: a second server on a port already taken says which port and how
// to pick another, with no stack trace, and exits with 1.
import { createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDataDir } from '../support/databases.js';
import { freePort } from '../support/postgres.js';
import { ServerProcess } from '../support/server-process.js';

describe('starting on a busy port', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('names the port and the way out, without a stack trace', { timeout: 20_000 }, async () => {
    const port = await freePort();
    const sockets: Socket[] = [];
    const squatter = createServer((socket) => void sockets.push(socket)).listen(port, '127.0.0.1');
    cleanups.push(() => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => squatter.close(resolve));
    });
    const data = freshDataDir();
    cleanups.push(data.remove);
    const server = new ServerProcess(port, { DATA_DIR: data.dir });
    cleanups.push(() => server.kill());

    const failure = await server.start().then(
      () => new Error('it started'),
      (error: Error) => error,
    );
    expect(failure.message).toMatch(/exited at start \(1\)/);
    expect(server.log).toContain(`Cannot start: port ${port} on 127.0.0.1 is already in use`);
    expect(server.log).toMatch(/pick another port: PORT=\d+ npm start/);
    expect(server.log).not.toMatch(/^\s+at /m);
  });
});
