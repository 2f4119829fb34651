// The floor of a live check in Node on this machine, measured beside the checker in the same process: the same
// exchanges through the same SOCKS5 fixtures (greeting, connect request, one GET, read to the close), on plain
// `net.Socket`s, with nothing a checker needs on top — no deadlines, no reader, no HTTP parse, no error classes,
// no result objects. What it costs per check is the kernel's loopback work and Node's per-socket cost.
import net from 'node:net';

const GREETING = Buffer.from([5, 1, 0]);

/** One check without any of the checker's own work; resolves true when an answer came back whole. */
function bareCheck(port, connectRequest, request) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let stage = 0;
    let answered = false;
    socket.on('connect', () => socket.write(GREETING));
    socket.on('data', (chunk) => {
      if (stage === 0) {
        stage = 1;
        socket.write(connectRequest);
      } else if (stage === 1) {
        stage = 2;
        socket.write(request);
      } else if (chunk.includes(0x7d)) answered = true;
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(answered));
  });
}

/** Runs a bare check against every port at `concurrency`; answers how many came back whole. */
export async function bareChecks(ports, judgePort, concurrency) {
  const connectRequest = Buffer.from([5, 1, 0, 1, 127, 0, 0, 1, judgePort >> 8, judgePort & 0xff]);
  const request = Buffer.from(
    `GET /ip?marker=000000000000000000000000 HTTP/1.1\r\nHost: 127.0.0.1:${judgePort}\r\nUser-Agent: bench\r\nAccept: */*\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n`,
  );
  let next = 0;
  let whole = 0;
  const worker = async () => {
    while (next < ports.length) {
      if (await bareCheck(ports[next++], connectRequest, request)) whole++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, ports.length) }, worker));
  return whole;
}
