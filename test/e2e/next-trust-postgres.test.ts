/** The trust-boundary tests of next-trust.test.ts, unchanged, against the example on PostgreSQL (`DATABASE_URL`). */
import { trustSuite } from './support/trust-suite.js';

trustSuite({ postgres: true });
