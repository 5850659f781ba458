import net from 'node:net';

/**
 * A TCP proxy in front of a real server (PostgreSQL, say) that a test can take down and bring
 * back: while down, every open connection is cut and every new one is reset at once, as when the
 * server stops or the network between goes; the address stays the same throughout.
 */
export interface TcpProxy {
  port: number;
  /** Cuts every connection and refuses new ones until resume(). */
  cut(): void;
  resume(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let down = false;
  const open = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    // A cut connection's error is the point of the exercise.
    socket.on('error', () => {});
  };
  const server = net.createServer((client) => {
    track(client);
    if (down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    cut() {
      down = true;
      for (const socket of open) socket.resetAndDestroy();
    },
    resume() {
      down = false;
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
