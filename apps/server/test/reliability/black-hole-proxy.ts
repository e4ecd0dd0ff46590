import net from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 (random port) in front of a database server, which can turn into a
 * black hole: it keeps accepting connections but forwards nothing, in either direction, on new
 * or open ones — the database "accepts TCP but never answers", as behind a network partition or
 * on a stuck host. Nothing is dropped: what arrives meanwhile waits (unread, in the proxy's
 * socket buffers, so closes wait too) and flows on after resume(), as TCP delivers after a
 * partition heals. For the hang suite (not a test file itself).
 */
export interface BlackHoleProxy {
  port: number;
  /** Stop forwarding from now on. */
  blackHole(): void;
  /** Forward again: held connections are connected through and held data flows on. */
  resume(): void;
  /** Connections accepted so far, and of those while the hole was open. */
  stats: { connections: number; acceptedInHole: number };
  close(): Promise<void>;
}

interface Link {
  client: net.Socket;
  upstream?: net.Socket;
}

export async function startBlackHoleProxy(target: { host: string; port: number }): Promise<BlackHoleProxy> {
  const links = new Set<Link>();
  const stats = { connections: 0, acceptedInHole: 0 };
  let holding = false;

  const connect = (link: Link) => {
    const { client } = link;
    const upstream = net.connect(target.port, target.host);
    link.upstream = upstream;
    client.on('data', (chunk: Buffer) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    upstream.on('error', () => client.destroy());
    if (holding) upstream.pause();
  };

  const server = net.createServer((client) => {
    stats.connections++;
    const link: Link = { client };
    links.add(link);
    client.on('error', () => link.upstream?.destroy());
    client.on('close', () => links.delete(link));
    if (holding) {
      // Accepted (the kernel did that already) and then left alone: not even connected onwards.
      stats.acceptedInHole++;
      client.pause();
      return;
    }
    connect(link);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });

  return {
    port: (server.address() as net.AddressInfo).port,
    stats,
    blackHole() {
      holding = true;
      for (const link of links) {
        // Not reading: no data events, and no end of stream either until resumed.
        link.client.pause();
        link.upstream?.pause();
      }
    },
    resume() {
      holding = false;
      for (const link of links) {
        if (!link.upstream) connect(link);
        link.client.resume();
        link.upstream!.resume();
      }
    },
    async close() {
      for (const link of links) {
        link.client.destroy();
        link.upstream?.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
