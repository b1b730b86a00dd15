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
import { ICON_NAMES, isIconName, type IconName } from '@domain/core/menuIcons';

/**
 * Menu icons by their antd name, as the server's menu tree names them. A curated map rather than the
 * whole icon set (a `import *` would put every antd icon into the layout chunk), typed by the names of
 * domain/core/menuIcons.ts: a name added there without its icon here fails to compile.
 */
const ICONS: Readonly<Record<IconName, ComponentType>> = {
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
export const MENU_ICON_NAMES: readonly IconName[] = ICON_NAMES;

/**
 * A menu's icon by its stored name. The names written in code are checked by the compiler (IconName);
 * only stored data can be outside them — a menu saved without an icon, or with a name the menu API took
 * as free text — and such a menu shows the neutral icon it always showed without one.
 */
export function MenuIcon({ name }: { name: string | null | undefined }) {
  const Icon = isIconName(name) ? ICONS[name] : AppstoreOutlined;
  return <Icon />;
}
