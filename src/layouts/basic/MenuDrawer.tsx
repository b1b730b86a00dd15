import type { ReactNode } from 'react';
import { Drawer } from 'antd';

export interface MenuDrawerProps {
  open: boolean;
  onClose(): void;
  width: number;
  background: string;
  children: ReactNode;
}

/**
 * The menu of tablets and phones, in a drawer from the left. A chunk of its own that BasicLayout loads
 * only on such screens: a desktop's first screen has no use for antd's Drawer.
 */
export function MenuDrawer({ open, onClose, width, background, children }: MenuDrawerProps) {
  return (
    <Drawer placement="left" size={width} open={open} onClose={onClose} closable={false} styles={{ body: { padding: 0, background } }} className="zb-menu-drawer">
      {children}
    </Drawer>
  );
}
