export { type HubEventKey, type HubEventRoute, hubEventRoutes } from '../contract/hub-routes.ts';
export { accessTokenFromApiClient } from './api-token.ts';
export type { FrameDirection, FrameListener } from './frame-tap.ts';
export {
  createHubClient,
  type EventHandler,
  HubClient,
  type HubClientOptions,
  type HubNotice,
  type HubSubscription,
  type SubscribeOptions,
  type TypedEventHandler,
  type TypedSubscribeOptions,
} from './hub-client.ts';
export {
  HUB_EVENTS,
  HUB_NAMES,
  type HubEvent,
  type HubName,
  isHubName,
  type SubscribeResult,
} from './hub-names.ts';
export {
  type FollowedJob,
  type FollowJobOptions,
  followJob,
  HubStartError,
  type JobHub,
  type JobListener,
  onJobEvent,
  startHubOnce,
} from './job-follower.ts';
export { type HubLiveState, liveStateAfter } from './live-state.ts';
export { SourceTracker, type Verdict } from './source-tracker.ts';
