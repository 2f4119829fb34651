import { RoundRobinFront } from '../ops/round-robin-front.ts';

/**
 * A plain TCP front for several server processes, like a load balancer without affinity: each new connection
 * goes to the first backend that accepts it, so when one process goes away clients land on the next.
 */
export class TcpFront extends RoundRobinFront {
  constructor(backends: number[]) {
    super(backends, { rotate: false });
  }
}
