/**
 * A ceiling for the HTTP bench: the same JSON answer as the service's /healthz from bare node:http
 * or bare express 5, in a process of its own.   npx tsx bench/bare-server.ts node|express PORT
 */
import http from 'node:http';
import express from 'express';

const [kind, port] = [process.argv[2], Number(process.argv[3])];
const body = JSON.stringify({ status: 'ok' });
if (kind === 'express') {
  const app = express();
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.listen(port, '127.0.0.1');
} else {
  http
    .createServer((_req, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
      });
      res.end(body);
    })
    .listen(port, '127.0.0.1');
}
