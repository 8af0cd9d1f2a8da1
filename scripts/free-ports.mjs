// Prints N distinct free TCP ports on 127.0.0.1 (asked of the kernel with port 0, all held open
// together so they differ), one per line. Used by the contract stage instead of fixed ports.
import net from 'node:net';

const count = Number(process.argv[2] ?? 1);
const servers = await Promise.all(
  Array.from(
    { length: count },
    () =>
      new Promise((resolve, reject) => {
        const s = net.createServer();
        s.once('error', reject);
        s.listen(0, '127.0.0.1', () => resolve(s));
      }),
  ),
);
for (const s of servers) console.log(s.address().port);
await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
