/**
 * A TCP relay between an instance and PostgreSQL that can be cut and restored: the instance
 * then finds its database unreachable (connections closed, new ones refused) without the
 * database, which the other instances share, being touched.
 */
import { createConnection, createServer } from 'node:net';

export async function startTcpProxy(targetHost, targetPort) {
  const sockets = new Set();
  let server = null;
  let port = 0;
  const listen = () =>
    new Promise((resolveListen, reject) => {
      server = createServer((client) => {
        const upstream = createConnection({ host: targetHost, port: targetPort });
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      server.on('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = server.address().port;
        resolveListen();
      });
    });
  await listen();
  const cut = () =>
    new Promise((resolveCut) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolveCut());
    });
  return {
    get port() {
      return port;
    },
    cut,
    restore: listen,
    close: cut,
  };
}
