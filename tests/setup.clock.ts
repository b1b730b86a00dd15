import { beforeEach } from 'vitest';
import { fixClock } from './clock';

/**
 * Every browser and domain test file runs at tests/clock.ts's TEST_NOW: its modules are imported at that
 * moment (fixtures computed at load), and each test starts from it again, whatever an earlier test did.
 */
fixClock();
beforeEach(() => fixClock());
