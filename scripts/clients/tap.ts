/**
 * A tiny TCP tap in front of what a client calls (the target directly, or the proxy): it passes the
 * bytes both ways untouched and keeps a copy of what came back, so that test:clients compares the
 * answers a client received byte for byte, whatever its HTTP stack made of them. One tap serves
 * both passes of a client on one port, so a ?WSDL answer (whose addresses come from the Host header)
 * names the same address in both.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export class Tap {
  private upstream = 0;
  private connections: Buffer[][] = [];
  private open = new Set<Socket>();

  private constructor(private readonly server: Server, readonly port: number) {}

  static async start(): Promise<Tap> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
    const tap = new Tap(server, (server.address() as { port: number }).port);
    server.on('connection', (client) => tap.relay(client));
    return tap;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** From now on, connections go to this port (on loopback), and the recording starts afresh. */
  forwardTo(port: number): void {
    this.upstream = port;
    this.connections = [];
  }

  /** The bytes each connection received, in the order the connections were opened, once all closed. */
  async received(): Promise<Buffer[]> {
    while (this.open.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    return this.connections.map((chunks) => Buffer.concat(chunks));
  }

  close(): Promise<void> {
    for (const s of this.open) s.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private relay(client: Socket): void {
    const chunks: Buffer[] = [];
    this.connections.push(chunks);
    const target = connect(this.upstream, '127.0.0.1');
    this.open.add(client);
    client.on('close', () => this.open.delete(client));
    target.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
    client.pipe(target);
    target.pipe(client);
    const end = () => { client.destroy(); target.destroy(); };
    client.on('error', end).on('close', end);
    target.on('error', end).on('close', () => client.end());
  }
}
