import { userProjects } from '../../db/schema';
import { MSG } from '../../messages';
import { invalidateUser } from '../../services/sessionCache';
import { checkDateOrder } from '../../services/resources/hooks/shared';
import type { ResourceHooks } from '../../services/resources/hooks/types';

/** 项目 and 活动: a period that ends before it starts is refused. */
export const project: ResourceHooks = {
  async beforeSave(_caller, { values }, errors) {
    checkDateOrder(values, 'srq', 'erq', MSG.dateOrder, errors);
  },
  /**
   * Whoever creates a project is authorised for it: a staff member (whose projects are those granted in
   * user_projects) would otherwise make a project they cannot see, and the save would answer 数据不存在.
   */
  async afterSave(tx, caller, id, { existing }) {
    if (existing !== null || caller.authorisedProjects === null) return;
    await tx.insert(userProjects).values({ userId: caller.user.id, projectId: id }).onConflictDoNothing();
    caller.authorisedProjects.push(id);
    invalidateUser(caller.db, caller.user.id);
  },
};

export const activity: ResourceHooks = {
  async beforeSave(_caller, { values }, errors) {
    checkDateOrder(values, 'srq', 'erq', MSG.dateOrder, errors);
    checkDateOrder(values, 'openTime', 'closeTime', MSG.dailyTimeOrder, errors);
  },
};
