import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Empty, Flex, Radio, Result, Spin, Table, Typography } from 'antd';
import { templateSave, type ActivityTemplateRow, type TemplateKindRow } from '@domain/messaging/templates.contracts';
import { useSession } from '@/stores/session';
import { ActivitySelect } from '@/components/resource/ScopeSelects';
import { fetchActivityTemplates, fetchTemplates } from '@/features/meeting/templates/api';
import { TemplateEditor } from '@/features/meeting/templates/TemplateEditor';

/**
 * 会务服务 → 消息模板: the words of every email and SMS the product sends for this organiser, one kind at a
 * time (chosen above the form). A kind the organiser never saved uses the default; 恢复默认 goes back to it.
 * 所属活动 picks one activity of the caller's scope: its own templates, used for its messages before the
 * organiser's (a kind it did not write shows the organiser's, which it falls back to). The table below
 * lists which activities write their own, narrowed to the picked one.
 */
export default function MessageTemplatePage() {
  const canEdit = useSession((s) => s.authorities.includes(templateSave.authority));
  const [rows, setRows] = useState<TemplateKindRow[] | null>(null);
  const [own, setOwn] = useState<ActivityTemplateRow[]>([]);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const [kind, setKind] = useState<string>('registered');
  const [activityId, setActivityId] = useState<number | undefined>(undefined);

  const load = useCallback(() => {
    setFailed(false);
    fetchTemplates(activityId).then(setRows, () => setFailed(true));
    fetchActivityTemplates(activityId).then(setOwn, () => setOwn([]));
  }, [activityId]);
  useEffect(load, [load]);

  const changed = () => {
    setVersion((n) => n + 1);
    load();
  };
  const pick = (next: number | undefined, nextKind?: string) => {
    if (next !== activityId) {
      setRows(null);
      setActivityId(next);
    }
    if (nextKind) setKind(nextKind);
  };

  const picker = (
    <Flex align="center" gap={8} style={{ marginBottom: 16 }}>
      <label htmlFor="template-activity">所属活动：</label>
      <div style={{ width: 320 }}>
        <ActivitySelect id="template-activity" value={activityId} onChange={(v) => pick(typeof v === 'number' ? v : undefined)} />
      </div>
      <Typography.Text type="secondary">{activityId === undefined ? '不选：本单位的模板，所有活动通用' : '本活动的专用模板，未写的种类沿用本单位模板'}</Typography.Text>
    </Flex>
  );

  if (failed)
    return (
      <>
        {picker}
        <Result
          status="error"
          title="消息模板加载失败"
          extra={
            <Button type="primary" onClick={load}>
              重新加载
            </Button>
          }
        />
      </>
    );
  if (!rows)
    return (
      <>
        {picker}
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      </>
    );
  const row = rows.find((r) => r.kind === kind) ?? rows[0];
  return (
    <>
      {picker}
      <Radio.Group
        aria-label="消息种类"
        optionType="button"
        buttonStyle="solid"
        value={row.kind}
        onChange={(event) => setKind(String(event.target.value))}
        options={rows.map((r) => ({ value: r.kind, label: r.custom ? `${r.label}（已改写）` : r.label }))}
        style={{ marginBottom: 16 }}
      />
      <section aria-label={row.label}>
        <TemplateEditor key={`${activityId ?? 0}-${row.kind}-${version}`} row={row} canEdit={canEdit} onChanged={changed} activityId={activityId} />
      </section>
      <Card size="small" title="活动专用模板" style={{ marginTop: 24 }}>
        <Table<ActivityTemplateRow>
          aria-label="活动专用模板"
          size="small"
          rowKey={(r) => `${r.activityId}-${r.kind}`}
          dataSource={own}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={activityId === undefined ? '还没有活动写了专用模板' : '本活动没有专用模板'} /> }}
          columns={[
            { title: '所属活动', dataIndex: 'activityName' },
            { title: '消息种类', dataIndex: 'label' },
            { title: '保存时间', dataIndex: 'updatedAt', render: (v: string) => v.slice(0, 16) },
            {
              title: '操作',
              key: 'open',
              render: (_: unknown, r) => (
                <Button type="link" size="small" onClick={() => pick(r.activityId, r.kind)}>
                  查看
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
