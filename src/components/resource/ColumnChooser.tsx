import { useState } from 'react';
import { Button, Checkbox, Popover, Space, Typography } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { storage } from '../../lib/storage';

/**
 * Which list columns a user hides, per list, remembered in local storage (`pro__columns:<list>`), and the
 * toolbar button that changes it. Hiding is by column key; a key the list no longer has is ignored, so a
 * column added later shows up for everyone.
 */
export const columnsStorageKey = (list: string) => `columns:${list}`;

function readHidden(list: string): string[] {
  const saved = storage.get<unknown>(columnsStorageKey(list));
  return Array.isArray(saved) ? saved.filter((k): k is string => typeof k === 'string') : [];
}

export function useHiddenColumns(list: string): [string[], (keys: string[]) => void] {
  const [hidden, setHidden] = useState(() => readHidden(list));
  const change = (keys: string[]) => {
    setHidden(keys);
    if (keys.length) storage.set(columnsStorageKey(list), keys);
    else storage.remove(columnsStorageKey(list));
  };
  return [hidden, change];
}

export interface ChoosableColumn {
  key: string;
  title: string;
  /** Always shown (the column that names a row). */
  locked?: boolean;
}

export function ColumnChooser({ columns, hidden, onChange }: { columns: ChoosableColumn[]; hidden: string[]; onChange(keys: string[]): void }) {
  const [open, setOpen] = useState(false);
  const shown = columns.filter((c) => !hidden.includes(c.key)).map((c) => c.key);
  const content = (
    <div style={{ width: 200 }}>
      <Checkbox.Group
        value={shown}
        onChange={(keys) => onChange(columns.filter((c) => !c.locked && !keys.includes(c.key)).map((c) => c.key))}
        style={{ display: 'flex', flexDirection: 'column', gap: 6, maxHeight: 320, overflowY: 'auto' }}
      >
        {columns.map((c) => (
          <Checkbox key={c.key} value={c.key} disabled={c.locked}>
            {c.title}
          </Checkbox>
        ))}
      </Checkbox.Group>
      <Space style={{ marginTop: 10, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          显示 {shown.length} / {columns.length} 列
        </Typography.Text>
        <Button size="small" type="link" disabled={hidden.length === 0} onClick={() => onChange([])}>
          重置
        </Button>
      </Space>
    </div>
  );
  return (
    <Popover title="显示的列" trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} content={content}>
      <Button icon={<SettingOutlined />} aria-label="列设置">
        列设置
      </Button>
    </Popover>
  );
}
