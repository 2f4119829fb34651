// The load side of the query benchmarks, in its own process so the clients never take the server's event loop.
// CLIENTS concurrent clients send the request bodies round-robin until REQUESTS are done (or MAX_SECONDS pass):
// back to back when `perClientPerSecond` is 0 (saturation), else each on its own steady schedule (a person at a
// panel), starting late requests at once. One JSON line with every latency goes to stdout.
const { base, token, path, bodies, clients, requests, maxSeconds, perClientPerSecond, workspace } =
  JSON.parse(process.env.QUERY_LOAD);
const headers = {
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
  'accept-language': 'en',
  ...(workspace ? { 'x-workspace': workspace } : {}),
};
const latencies = [];
let next = 0;
const started = performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function client(index) {
  const interval = perClientPerSecond > 0 ? 1000 / perClientPerSecond : 0;
  // Paced clients start spread over one interval, as people do.
  let due = started + (interval * index) / clients;
  while (next < requests && performance.now() - started < maxSeconds * 1000) {
    if (interval > 0) {
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      due += interval;
    }
    const body = JSON.stringify(bodies[next++ % bodies.length]);
    const t0 = performance.now();
    const response = await fetch(`${base}${path}`, { method: 'POST', headers, body });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    latencies.push(performance.now() - t0);
  }
}

await Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
process.stdout.write(`${JSON.stringify({ latencies, seconds: (performance.now() - started) / 1000 })}\n`);
