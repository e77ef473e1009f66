// A TCP port free on the loopback interface right now: listen on port 0, read what the kernel gave, close.
// For child servers started by tests and benches, which need to know their port before they start.
import { createServer, type AddressInfo } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}
