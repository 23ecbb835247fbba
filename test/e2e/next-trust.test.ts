/**
 * The trust boundary of the example on one machine (SQLite and the engine's local world); the same
 * suite runs on PostgreSQL in next-trust-postgres.test.ts (see support/trust-suite.ts).
 */
import { trustSuite } from './support/trust-suite.js';

trustSuite({ postgres: false });
