import { forwardRef, memo, useImperativeHandle, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Input, type InputRef } from 'antd';
import { CameraOutlined, ScanOutlined } from '@ant-design/icons';

export interface ScanFieldHandle {
  focus(): void;
  clear(): void;
}

interface ScanFieldProps {
  disabled: boolean;
  /** Each change of the text, to search as people type. */
  onType(value: string): void;
  /** Enter (not held down) with this text; answers whether the field is emptied for the next code. */
  onSubmit(text: string): boolean;
  onEscape(): void;
  onBlur(): void;
  onCamera(): void;
}

/**
 * 签到台's field: the typed text lives here, so the 22 keys a scanner types re-render the field, not the
 * whole desk (on a slow laptop each render of the desk took about 10 ms, and an offline verdict should
 * be on screen within 50 ms of the Enter key).
 */
export const ScanField = memo(
  forwardRef<ScanFieldHandle, ScanFieldProps>(function ScanField({ disabled, onType, onSubmit, onEscape, onBlur, onCamera }, ref) {
    const [code, setCode] = useState('');
    const input = useRef<InputRef>(null);
    useImperativeHandle(ref, () => ({ focus: () => input.current?.focus({ cursor: 'end' }), clear: () => setCode('') }), []);

    const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'Escape') {
        setCode('');
        onEscape();
        return;
      }
      if (event.key !== 'Enter') return;
      event.preventDefault();
      // A held-down Enter repeats keydown: only the first press of a scan counts.
      if (event.repeat) return;
      // What the field holds now, also when a scanner's keys came faster than React rendered them.
      const text = (input.current?.input?.value ?? code).trim();
      if (text && onSubmit(text)) setCode('');
    };

    return (
      <Input
        ref={input}
        id="desk-code"
        size="large"
        autoFocus
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          onType(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        prefix={<ScanOutlined />}
        suffix={<Button type="text" size="large" icon={<CameraOutlined />} disabled={disabled} onClick={onCamera} aria-label="摄像头扫码" title="摄像头扫码" />}
        placeholder={disabled ? '请先在右上角选择闸机' : '扫描个人二维码，或输入姓名 / 拼音首字母 / 手机尾号 / 单位 / 胸卡编号'}
        aria-label="个人二维码"
        style={{ fontSize: 28, height: 72, marginBottom: 16 }}
      />
    );
  }),
);
