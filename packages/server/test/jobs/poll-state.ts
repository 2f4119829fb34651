import type { JobState, Jobs } from '../../src/jobs/jobs.ts';

/** Whether the job comes to a state that holds within 15 s, read every 50 ms. */
export async function pollState(
  jobs: Jobs,
  id: string,
  holds: (state: JobState) => boolean,
  queue = 'q',
): Promise<boolean> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const state = await jobs.state(queue, id);
    if (state && holds(state)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}
