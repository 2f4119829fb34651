// One process of the proxy-check benchmark's live fixtures: `count` SOCKS5 servers that tunnel to this process's
// own IP-echo judge (every tunnel goes to it, whatever address the check asked for, so the judge's load is split
// between the processes like the proxies'). Prints `{"judgePort":…,"proxyPorts":[…]}` once listening, and exits
// when its parent closes stdin. Run with a raised descriptor limit: each live check holds three descriptors here.
import net from 'node:net';

const count = Number(process.argv[2] ?? 8);
// The kernel caps a listen backlog at net.core.somaxconn (4096 here); more ports spread the accept queues.
const BACKLOG = 65_535;

const judge = net.createServer((socket) => {
  socket.on('error', () => {});
  let head = '';
  socket.on('data', (chunk) => {
    head += chunk.toString('latin1');
    if (!head.includes('\r\n\r\n')) return;
    const body = JSON.stringify({ ip: socket.remoteAddress });
    socket.end(
      `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
});

const GREETING_REPLY = Buffer.from([5, 0]);
const CONNECT_REPLY = Buffer.from([5, 0, 0, 1, 127, 0, 0, 1, 0, 0]);

function socks5(client) {
  client.on('error', () => {});
  let stage = 0;
  let buffer = Buffer.alloc(0);
  const onData = (chunk) => {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    if (stage === 0 && buffer.length >= 2 && buffer.length >= 2 + buffer[1]) {
      buffer = buffer.subarray(2 + buffer[1]);
      client.write(GREETING_REPLY);
      stage = 1;
    }
    if (stage === 1 && buffer.length >= 10 && buffer[3] === 1) {
      stage = 2;
      client.off('data', onData);
      client.pause();
      const upstream = net.connect({ host: '127.0.0.1', port: judge.address().port });
      upstream.on('error', () => client.destroy());
      upstream.once('connect', () => {
        client.write(CONNECT_REPLY);
        const rest = buffer.subarray(10);
        if (rest.length > 0) upstream.write(rest);
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
      client.on('close', () => upstream.destroy());
    }
  };
  client.on('data', onData);
}

const listen = (server) =>
  new Promise((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: BACKLOG }, resolve));

await listen(judge);
const proxyPorts = [];
for (let i = 0; i < count; i++) {
  const server = net.createServer(socks5);
  await listen(server);
  proxyPorts.push(server.address().port);
}
process.stdout.write(`${JSON.stringify({ judgePort: judge.address().port, proxyPorts })}\n`);
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
process.stdin.on('close', () => process.exit(0));
