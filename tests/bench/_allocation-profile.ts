// Where a phase's allocations come from, garbage included: V8's sampling heap profiler with the objects that minor
// and major collections freed kept in the profile, printed by allocating function (self) and by the heaviest
// stacks. A development tool for the memory benchmark (BENCH_MEMORY_ALLOCATIONS=1); prints figures, asserts nothing.
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

export async function startAllocationProfile(print: (line: string) => void) {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 16_384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return async function stop(top = 30): Promise<void> {
    const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as {
      profile: { head: ProfileNode };
    };
    session.disconnect();
    const bySelf = new Map<string, number>();
    const byStack = new Map<string, number>();
    let all = 0;
    const frame = ({ functionName, url, lineNumber }: ProfileNode['callFrame']) =>
      `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|src|dist)\//, '$1/')}:${lineNumber + 1}`;
    const walk = (node: ProfileNode, path: string[]) => {
      const name = frame(node.callFrame);
      const stack = [...path, name];
      all += node.selfSize;
      if (node.selfSize > 0) {
        bySelf.set(name, (bySelf.get(name) ?? 0) + node.selfSize);
        const key = stack.slice(-6).join(' < ');
        byStack.set(key, (byStack.get(key) ?? 0) + node.selfSize);
      }
      for (const child of node.children) walk(child, stack);
    };
    walk(profile.head, []);
    const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
    print(`  allocated (sampled, garbage included) ${mib(all)}; by function:`);
    for (const [name, size] of [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, top))
      print(`    ${mib(size)} ${name}`);
    print('  by stack (the allocating function first, then its callers):');
    for (const [name, size] of [...byStack].sort((a, b) => b[1] - a[1]).slice(0, top))
      print(`    ${mib(size)} ${name.split(' < ').reverse().join(' < ')}`);
  };
}
