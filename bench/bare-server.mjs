// The physical limit: a bare node:http server answering every request with the same bytes from memory.
// Usage: node bench/bare-server.mjs FILE CONTENT_TYPE [CONTENT_ENCODING]; prints the port it listens on
// (127.0.0.1). With CONTENT_ENCODING, FILE holds bytes already in that coding (a page as browsers get it).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.argv[2]);
const type = process.argv[3] ?? 'application/json; charset=utf-8';
const coding = process.argv[4];
const server = createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': type,
    'content-length': body.length,
    ...(coding ? { 'content-encoding': coding } : {}),
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(typeof address === 'object' && address ? address.port : 0);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
