export * from './head-probe.ts';
export * from './network-monitor.ts';
