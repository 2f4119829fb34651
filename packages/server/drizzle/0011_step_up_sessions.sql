-- Step-up: when a device session last passed a second factor (any, for secrets within 15 minutes) and the
-- authenticator app in particular (what admin operations need), so both rules hold per session, not per account.
ALTER TABLE "device_sessions" ADD COLUMN "two_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_sessions" ADD COLUMN "totp_at" timestamp with time zone;