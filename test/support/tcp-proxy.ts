import net from 'node:net';

/**
 * A TCP proxy the test controls, between the service and Postgres. `cut()` resets every open
 * connection and refuses new ones (as a lost network or a restarting database would) until
 * `restore()`.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private isCut = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<number> {
    this.server = net.createServer((client) => {
      if (this.isCut) return void client.resetAndDestroy();
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this.port;
  }

  /** The URL of `url`'s database reached through this proxy. */
  proxied(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  cut(): void {
    this.isCut = true;
    for (const s of this.sockets) s.resetAndDestroy();
    this.sockets.clear();
  }

  restore(): void {
    this.isCut = false;
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
