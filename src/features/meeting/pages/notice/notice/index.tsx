import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, Result, Skeleton } from 'antd';
import { call } from '@/api/call';
import { ResourcePage } from '@/components/resource/ResourcePage';
import { notice } from '@domain/notices/resources';
import { noticeRoles } from '@domain/notices/notices.contracts';
import type { Option, ResourceDef } from '@domain/resource/types';

/**
 * 通知公告: the generic resource page of the definition, with one difference. Roles are rows of table
 * `roles`, which has no resource definition (so no reference picker) yet: the server serves the roles a
 * staff notice may address as options, and `roleId` becomes a choice among them — picked by name in the
 * form, shown by name in the list. The server checks the role again on every save and publication.
 */
export function withRoleChoices(def: ResourceDef, roles: readonly Option[]): ResourceDef {
  return { ...def, fields: def.fields.map((f) => (f.name === 'roleId' ? { ...f, type: 'enum', options: roles, min: undefined } : f)) };
}

export default function NoticeAuthoringPage() {
  const { search } = useLocation();
  const [roles, setRoles] = useState<Option[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    setFailed(false);
    call(noticeRoles).then(
      (list) => alive && setRoles(list),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [attempt]);

  const def = useMemo(() => (roles ? withRoleChoices(notice, roles) : null), [roles]);

  if (failed) {
    return <Result status="warning" title="角色列表加载失败" extra={<Button onClick={() => setAttempt((n) => n + 1)}>重新加载</Button>} />;
  }
  if (!def) return <Skeleton active />;
  return <ResourcePage def={def} linkSearch={search} />;
}
