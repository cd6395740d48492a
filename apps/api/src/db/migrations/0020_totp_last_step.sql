-- Two-factor codes are good once (issue 28): the time step of the last code accepted, so the
-- same code sent again within its 30 seconds (a replay) is refused.
ALTER TABLE "two_factor" ADD COLUMN "last_step" bigint;