import { useCallback, useEffect, useState } from 'react';
import { Button, Radio, Result, Spin } from 'antd';
import { templateSave, type TemplateKindRow } from '@domain/messaging/templates.contracts';
import { useSession } from '@/stores/session';
import { fetchTemplates } from '@/features/meeting/templates/api';
import { TemplateEditor } from '@/features/meeting/templates/TemplateEditor';

/**
 * 会务服务 → 消息模板: the words of every email and SMS the product sends for this organiser, one kind at a
 * time (chosen above the form). A kind the organiser never saved uses the default; 恢复默认 goes back to it.
 */
export default function MessageTemplatePage() {
  const canEdit = useSession((s) => s.authorities.includes(templateSave.authority));
  const [rows, setRows] = useState<TemplateKindRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const [kind, setKind] = useState<string>('registered');

  const load = useCallback(() => {
    setFailed(false);
    fetchTemplates().then(setRows, () => setFailed(true));
  }, []);
  useEffect(load, [load]);

  const changed = () => {
    setVersion((n) => n + 1);
    load();
  };

  if (failed)
    return (
      <Result
        status="error"
        title="消息模板加载失败"
        extra={
          <Button type="primary" onClick={load}>
            重新加载
          </Button>
        }
      />
    );
  if (!rows)
    return (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
      </div>
    );
  const row = rows.find((r) => r.kind === kind) ?? rows[0];
  return (
    <>
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
        <TemplateEditor key={`${row.kind}-${version}`} row={row} canEdit={canEdit} onChanged={changed} />
      </section>
    </>
  );
}
