// One process of the proxy-check benchmark's live fixtures: `count` SOCKS5 servers that answer the check's request
// themselves, as the IP-echo judge would (whatever address the check asked to reach). Real proxies and judges run
// on other hosts and cost the checker's machine nothing; here they share its two cores, and a tunnel to a judge in
// this process would double the fixture's sockets (client, upstream and the judge's side), which made the fixture
// use more CPU than the checker and set the benchmark's wall. The checker sees the same bytes either way. A judge
// is still listening, for a check that goes to it directly. Prints `{"judgePort":…,"proxyPorts":[…]}` once
// listening, and exits when its parent closes stdin. Run with a raised descriptor limit. With `hang-up MIN MAX` after
// the count, the proxies are a slow fleet instead: each takes the connection, says nothing, and hangs up after a
// random MIN to MAX milliseconds.
import net from 'node:net';

const count = Number(process.argv[2] ?? 8);
const hangUp =
  process.argv[3] === 'hang-up' ? { min: Number(process.argv[4]), max: Number(process.argv[5]) } : null;
// The kernel caps a listen backlog at net.core.somaxconn (4096 here); more ports spread the accept queues.
const BACKLOG = 65_535;

/** Reads one request head from `socket` (starting with `first`, bytes already received) and answers the echo. */
function answerAsJudge(socket, first) {
  let head = first.toString('latin1');
  const answer = () => {
    if (!head.includes('\r\n\r\n')) return false;
    const body = JSON.stringify({ ip: socket.remoteAddress });
    socket.end(
      `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    return true;
  };
  if (answer()) return;
  const onData = (chunk) => {
    head += chunk.toString('latin1');
    if (answer()) socket.off('data', onData);
  };
  socket.on('data', onData);
}

const judge = net.createServer((socket) => {
  socket.on('error', () => {});
  answerAsJudge(socket, Buffer.alloc(0));
});

const GREETING_REPLY = Buffer.from([5, 0]);
const CONNECT_REPLY = Buffer.from([5, 0, 0, 1, 127, 0, 0, 1, 0, 0]);

function silentThenHangUp(client) {
  client.on('error', () => {});
  const timer = setTimeout(() => client.destroy(), hangUp.min + Math.random() * (hangUp.max - hangUp.min));
  client.once('close', () => clearTimeout(timer));
}

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
      client.write(CONNECT_REPLY);
      answerAsJudge(client, buffer.subarray(10));
    }
  };
  client.on('data', onData);
}

const listen = (server) =>
  new Promise((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: BACKLOG }, resolve));

await listen(judge);
const proxyPorts = [];
for (let i = 0; i < count; i++) {
  const server = net.createServer(hangUp ? silentThenHangUp : socks5);
  await listen(server);
  proxyPorts.push(server.address().port);
}
process.stdout.write(`${JSON.stringify({ judgePort: judge.address().port, proxyPorts })}\n`);
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
process.stdin.on('close', () => process.exit(0));
