import type { AppDb } from './client';
import type { BusinessSeedContext } from './seedBusiness';

/** Demo data of 会务服务 (filled in by its owner). */
export async function seedMeeting(_db: AppDb, _ctx: BusinessSeedContext): Promise<void> {}
