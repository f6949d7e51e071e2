// API tokens at rest: only their SHA-256 is stored (users.token_hash), so the database, a backup of
// it or `crmgen users list` never hold a usable credential. Generated tokens carry 128 random bits,
// which a fast unsalted hash protects (nothing to gain from a slow one: guessing 2^128 is the cost);
// a weak token chosen by hand (--token, --user EMAIL:TOKEN) is as weak hashed as it was before.
import { createHash, randomBytes } from 'node:crypto';

/** The stored form of a token: hex SHA-256 of its UTF-8 bytes (PostgreSQL migration 6 computes the same). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new API token: 128 random bits, 32 hex digits. */
export function newToken(): string {
  return randomBytes(16).toString('hex');
}
