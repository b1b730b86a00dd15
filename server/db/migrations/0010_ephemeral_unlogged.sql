-- Signature nonces and rate-limit counters only matter inside their short windows: they need not survive
-- a crash, so they skip the write-ahead log (a signed request no longer waits for a durable WAL flush).
-- drizzle's schema cannot say UNLOGGED, hence a hand-written migration with an unchanged snapshot.
ALTER TABLE "nonces" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "rate_limits" SET UNLOGGED;
