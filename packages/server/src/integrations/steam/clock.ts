/** Time as the Steam and market code sees it: the server's one clock shape (`src/clock.ts`). */
export { type Clock, systemClock } from '../../clock.ts';
