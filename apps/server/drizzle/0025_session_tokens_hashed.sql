-- Sessions are found by the SHA-256 (hex) of their token from now on, and the column holds only
-- that (decision 071). Hashing the stored tokens in place keeps every member signed in: their
-- cookies still carry the tokens these hashes come from. The server computes the same hash in
-- modules/auth/session-token-hashing.ts.
UPDATE "sessions" SET "token" = encode(sha256(convert_to("token", 'UTF8')), 'hex');
