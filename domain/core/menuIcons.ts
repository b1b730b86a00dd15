/**
 * The antd icon names a menu may take, written once: resource definitions' `menu.icon`, the menu seeds
 * (server/seed/seedData.ts) and the browser's icon map (src/components/MenuIcon.tsx, typed by these names,
 * so a name without an icon there — or an icon without a name here — fails to compile). The menu editor's
 * icon picker offers exactly these.
 */
export const ICON_NAMES = [
  'AccountBookOutlined', 'AppstoreOutlined', 'AuditOutlined', 'BankOutlined', 'BarChartOutlined', 'BellOutlined',
  'CalendarOutlined', 'CarOutlined', 'ContactsOutlined', 'DashboardOutlined', 'FileProtectOutlined',
  'FileSearchOutlined', 'FileTextOutlined', 'FormOutlined', 'GiftOutlined', 'HomeOutlined', 'IdcardOutlined',
  'LayoutOutlined', 'MenuOutlined', 'MoneyCollectOutlined', 'NotificationOutlined', 'PayCircleOutlined',
  'PercentageOutlined', 'ProfileOutlined', 'ProjectOutlined', 'SafetyCertificateOutlined', 'SafetyOutlined',
  'ScheduleOutlined', 'SettingOutlined', 'ShopOutlined', 'ShoppingCartOutlined', 'ShoppingOutlined',
  'SolutionOutlined', 'TableOutlined', 'TagsOutlined', 'TeamOutlined', 'TrophyOutlined', 'UnorderedListOutlined',
  'UserOutlined', 'UserSwitchOutlined', 'UsergroupAddOutlined', 'FieldTimeOutlined', 'ScanOutlined', 'KeyOutlined',
] as const;

export type IconName = (typeof ICON_NAMES)[number];

const KNOWN: ReadonlySet<string> = new Set(ICON_NAMES);

/** A menu's stored icon (any text the menu editor's API accepted) narrowed to a known name. */
export function isIconName(name: string | null | undefined): name is IconName {
  return typeof name === 'string' && KNOWN.has(name);
}
