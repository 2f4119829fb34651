-- The server process writing an apply job's prices: a restarted server ends the job of a process that died on
-- this machine at once, instead of after the heartbeat's two minutes.
ALTER TABLE "lot_reprice_jobs" ADD COLUMN "owner" text;
