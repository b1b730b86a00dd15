import { useState } from 'react';
import { App, Button, Checkbox, Divider, Empty, Modal, Typography } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { MODAL_WIDTH } from '../config/constants';
import { useSession } from '../stores/session';

/**
 * The 切换项目 / 切换活动 button of the header's 我的项目 / 我的活动 pages: it loads what the
 * user is authorised for, lets them tick the ones to work on (the current selection preticked) and
 * saves the choice. Afterwards the session's user info (cnfIds) is fetched again and the data scope
 * bumped, so every table — this page's and those kept alive in other tabs — reloads in the new scope.
 * Projects and activities differ only in their calls and wording, hence one component.
 */
export interface ScopeOption {
  value: number;
  label: string;
  /** Heading the option is listed under (activities: their project). */
  group?: string;
  selected: boolean;
}

export interface ScopeSwitchProps {
  /** '切换项目' | '切换活动' */
  buttonText: string;
  title: string;
  /** The authorised items; an empty list means the user may not switch at all. */
  loadOptions(): Promise<ScopeOption[]>;
  /** Saves the selection; resolves with the server's message. */
  save(ids: number[]): Promise<string>;
  /** Warning when nothing is authorised. */
  noneAuthorisedMessage: string;
  /** The selection rule: null when the selection may be saved, else the message to show. */
  validate(ids: number[]): string | null;
}

function grouped(options: readonly ScopeOption[]): Array<{ group: string | undefined; options: ScopeOption[] }> {
  const groups: Array<{ group: string | undefined; options: ScopeOption[] }> = [];
  for (const option of options) {
    const last = groups.at(-1);
    if (last && last.group === option.group) last.options.push(option);
    else groups.push({ group: option.group, options: [option] });
  }
  return groups;
}

export function ScopeSwitch(props: ScopeSwitchProps) {
  const { message } = App.useApp();
  const refreshUser = useSession((s) => s.refreshUser);
  const bumpScope = useSession((s) => s.bumpScope);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [options, setOptions] = useState<ScopeOption[] | null>(null);
  const [checked, setChecked] = useState<number[]>([]);

  const open = async () => {
    setLoading(true);
    try {
      const list = await props.loadOptions();
      if (list.length === 0) {
        message.warning(props.noneAuthorisedMessage);
        return;
      }
      setChecked(list.filter((o) => o.selected).map((o) => o.value));
      setOptions(list);
    } catch {
      // Shown by the error mapper.
    } finally {
      setLoading(false);
    }
  };

  const submit = async () => {
    const problem = props.validate(checked);
    if (problem) {
      message.warning(problem);
      return;
    }
    setSaving(true);
    try {
      const msg = await props.save(checked);
      message.success(msg || '执行成功');
      setOptions(null);
      bumpScope();
      // The new cnfIds matter to later pages, not to this toast: a failure here is shown and harmless.
      await refreshUser().catch(() => undefined);
    } catch {
      // Shown by the error mapper; the dialog stays open with the user's choice.
    } finally {
      setSaving(false);
    }
  };

  const all = options ?? [];
  const allChecked = all.length > 0 && checked.length === all.length;

  return (
    <>
      <Button type="primary" icon={<SwapOutlined />} loading={loading} onClick={() => void open()}>
        {props.buttonText}
      </Button>
      <Modal
        title={props.title}
        open={options !== null}
        width={MODAL_WIDTH}
        okText="确定"
        cancelText="取消"
        confirmLoading={saving}
        onOk={() => void submit()}
        onCancel={() => setOptions(null)}
        destroyOnHidden
      >
        {all.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
        ) : (
          <>
            <Checkbox
              style={{ marginTop: 8 }}
              checked={allChecked}
              indeterminate={checked.length > 0 && !allChecked}
              onChange={(e) => setChecked(e.target.checked ? all.map((o) => o.value) : [])}
            >
              全选（已选 {checked.length} / {all.length}）
            </Checkbox>
            <Divider style={{ margin: '12px 0' }} />
            <Checkbox.Group
              value={checked}
              onChange={(values) => setChecked(values as number[])}
              style={{ display: 'block', maxHeight: '50vh', overflowY: 'auto' }}
            >
              {grouped(all).map(({ group, options: items }) => (
                <div key={group ?? ''} style={{ marginBottom: 8 }}>
                  {group && <Typography.Text type="secondary">{group}</Typography.Text>}
                  {items.map((o) => (
                    <div key={o.value} style={{ padding: '4px 0' }}>
                      <Checkbox value={o.value}>{o.label}</Checkbox>
                    </div>
                  ))}
                </div>
              ))}
            </Checkbox.Group>
          </>
        )}
      </Modal>
    </>
  );
}
