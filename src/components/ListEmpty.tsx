import { useEffect, useState } from 'react';
import { Empty } from 'antd';
import { authorisedProjects } from '@domain/workspace/workspace.contracts';
import { call } from '../api/call';
import { useSession } from '../stores/session';

export const NO_SCOPE_TEXT = '您还没有被授权任何项目，请联系本单位管理员在 系统管理 › 用户 中为您授权项目/活动';
export const FILTERED_EMPTY_TEXT = '没有符合条件的数据，可清空查询条件后重试';

/**
 * A list's empty state that says why: a user without any authorised project sees only empty lists,
 * which without this looks like a broken product. The authorised projects are asked only when a list
 * is empty with no filters set, so full lists cost nothing.
 */
/** `loading`: the rows are still coming, so nothing is asked yet (antd renders the empty state under the spinner). */
export function ListEmpty({ filtered, loading }: { filtered: boolean; loading: boolean }) {
  const userId = useSession((s) => s.user?.userId);
  const [noScope, setNoScope] = useState(false);
  useEffect(() => {
    if (filtered || loading || userId === undefined) return;
    let live = true;
    call(authorisedProjects, { userId })
      .then((list) => {
        if (live) setNoScope(list.length === 0);
      })
      // Without the answer the plain empty state is still true.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [filtered, loading, userId]);
  const text = loading ? '暂无数据' : filtered ? FILTERED_EMPTY_TEXT : noScope ? NO_SCOPE_TEXT : '暂无数据';
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span role="status">{text}</span>} />;
}
