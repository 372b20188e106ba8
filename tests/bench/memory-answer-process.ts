import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP server that answers every request with one recorded REST answer, for rest-bench.ts: the same
 * request and the same bytes back, without the REST layer or a database — what the client and HTTP alone
 * cost on this machine. Started with the answer over IPC ({ answer }); says where it listens ({ ready }),
 * answers 'cpu' with its CPU time so far, and stops on 'stop'.
 */
export interface RecordedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

process.once('message', (message: { answer: RecordedAnswer }) => {
  const { status, headers, body } = message.answer;
  const bytes = Buffer.from(body);
  const all = { ...headers, 'content-length': String(bytes.length) };
  const server = createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
    // Read the request to its end, as a real server does, then answer in one write.
    req.resume();
    req.on('end', () => {
      res.writeHead(status, all);
      res.end(bytes);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    process.send!({ ready: { url: `http://127.0.0.1:${port}` } });
  });
  process.on('message', (m) => {
    if (m === 'cpu') process.send!({ cpu: process.cpuUsage() });
    if (m === 'stop') {
      server.closeAllConnections();
      server.close(() => process.exit(0));
    }
  });
});
