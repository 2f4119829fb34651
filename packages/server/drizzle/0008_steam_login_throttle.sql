CREATE TABLE "steam_login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"next_slot_at" bigint DEFAULT 0 NOT NULL,
	"cool_down_until" bigint DEFAULT 0 NOT NULL
);
