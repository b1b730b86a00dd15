import type { ComponentType } from 'react';
import {
  AccountBookOutlined, AppstoreOutlined, AuditOutlined, BankOutlined, BarChartOutlined, BellOutlined,
  CalendarOutlined, CarOutlined, ContactsOutlined, DashboardOutlined, FileProtectOutlined,
  FileSearchOutlined, FileTextOutlined, FormOutlined, GiftOutlined, HomeOutlined, IdcardOutlined,
  LayoutOutlined, MenuOutlined, MoneyCollectOutlined, NotificationOutlined, PayCircleOutlined,
  PercentageOutlined, ProfileOutlined, ProjectOutlined, SafetyCertificateOutlined, SafetyOutlined,
  ScheduleOutlined, SettingOutlined, ShopOutlined, ShoppingCartOutlined, ShoppingOutlined,
  SolutionOutlined, TableOutlined, TagsOutlined, TeamOutlined, TrophyOutlined, UnorderedListOutlined,
  UserOutlined, UserSwitchOutlined, UsergroupAddOutlined, FieldTimeOutlined, ScanOutlined, KeyOutlined,
} from '@ant-design/icons';

/**
 * Menu icons by their antd name, as the server's menu tree names them. A curated map rather than the
 * whole icon set (a `import *` would put every antd icon into the layout chunk); names not listed fall
 * back to a neutral icon, so a new menu never breaks the layout — add its icon here.
 */
const ICONS: Record<string, ComponentType> = {
  AccountBookOutlined, AppstoreOutlined, AuditOutlined, BankOutlined, BarChartOutlined, BellOutlined,
  CalendarOutlined, CarOutlined, ContactsOutlined, DashboardOutlined, FileProtectOutlined,
  FileSearchOutlined, FileTextOutlined, FormOutlined, GiftOutlined, HomeOutlined, IdcardOutlined,
  LayoutOutlined, MenuOutlined, MoneyCollectOutlined, NotificationOutlined, PayCircleOutlined,
  PercentageOutlined, ProfileOutlined, ProjectOutlined, SafetyCertificateOutlined, SafetyOutlined,
  ScheduleOutlined, SettingOutlined, ShopOutlined, ShoppingCartOutlined, ShoppingOutlined,
  SolutionOutlined, TableOutlined, TagsOutlined, TeamOutlined, TrophyOutlined, UnorderedListOutlined,
  UserOutlined, UserSwitchOutlined, UsergroupAddOutlined, FieldTimeOutlined, ScanOutlined, KeyOutlined,
};

/** The names a menu may take as its icon (the menu editor's icon picker offers exactly these). */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(ICONS);

export function MenuIcon({ name }: { name: string | null | undefined }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
