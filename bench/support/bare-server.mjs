// The yardstick: a bare node:http server answering every request with the same bytes the API gave.
import fs from 'node:fs';
import http from 'node:http';

const [file, port] = process.argv.slice(2);
const body = fs.readFileSync(file);
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
