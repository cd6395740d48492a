-- A till checks a cashier's or manager's PIN offline (issue 29): beside the server's argon2id
-- hash, each PIN gets a scrypt hash ({N, r, p, salt, hash}, @noble/hashes in the browser,
-- node:crypto on the server: the same bytes) that the till keeps and replaces at each sync.
-- PINs set before this have none until they are set again or tried right once (staff/pins.ts).
ALTER TABLE "staff_pins" ADD COLUMN "till_hash" jsonb;
