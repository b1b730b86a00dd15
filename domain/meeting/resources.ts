/**
 * 会务服务: what an organiser's staff run on site for one activity — its attendees (参会人员), sessions
 * (日程), seats (座位), gates (闸机) and the check-ins they record (签到记录), and shuttle lines (班车线路).
 * Every resource here is activity-scoped (a row belongs to one activity of one project), except the
 * organiser's venues (展馆), which all its activities share.
 */
import { certificateNoRule, emailRule, idCardRule, mobileRule, phoneRule } from '@domain/core/validators';
import type { Option, ResourceDef, StateOption } from '@domain/resource/types';

// 参会人员 ---------------------------------------------------------------------------------------

export const PERSON_KINDS: readonly Option[] = [
  { value: 1, key: 'visitor', label: '观众' },
  { value: 2, key: 'guest', label: '嘉宾' },
  { value: 3, key: 'speaker', label: '演讲嘉宾' },
  { value: 4, key: 'press', label: '媒体' },
  { value: 5, key: 'exhibitorStaff', label: '展商人员' },
  { value: 6, key: 'staff', label: '工作人员' },
];

/** 居民身份证 numbers are checked with their check digit; every other certificate by the spec's rule (≤ 50 letters/digits). */
export const ID_TYPES: readonly Option[] = [
  { value: 1, key: 'idCard', label: '居民身份证' },
  { value: 2, key: 'passport', label: '护照' },
  { value: 3, key: 'hkMacau', label: '港澳居民来往内地通行证' },
  { value: 4, key: 'taiwan', label: '台湾居民来往大陆通行证' },
  { value: 5, key: 'other', label: '其他证件' },
];

export const PERSON_SOURCES: readonly Option[] = [
  { value: 1, key: 'qr', label: '扫码预登记' },
  { value: 2, key: 'import', label: '批量导入' },
  { value: 3, key: 'staff', label: '后台录入' },
];

export const PERSON_STATES: readonly StateOption[] = [
  { value: 0, key: 'pending', label: '待审核', color: 'orange' },
  { value: 1, key: 'approved', label: '已通过', color: 'green' },
  { value: 2, key: 'rejected', label: '未通过', color: 'red' },
  { value: 3, key: 'cancelled', label: '已取消', color: 'default' },
];

export const CHECKIN_STATES: readonly Option[] = [
  { value: 0, key: 'no', label: '未签到', color: 'default' },
  { value: 1, key: 'yes', label: '已签到', color: 'green' },
];

export const person: ResourceDef<'person'> = {
  key: 'person',
  title: '参会人员',
  menuCode: 'person_person',
  menu: { group: 'meeting', icon: 'UsergroupAddOutlined', order: 1, actions: [['import', '导入'], ['badge', '打印胸卡'], ['message', '发送消息']] },
  api: '/person/person',
  table: 'person_persons',
  scope: 'activity',
  display: 'name',
  defaultSort: { sort: 'createdAt', order: 'desc' },
  actions: ['add', 'edit', 'remove', 'export'],
  autoCode: { field: 'badgeNo', prefix: 'CH' },
  fields: [
    { name: 'name', label: '姓名', type: 'text', required: true, max: 30, list: true, width: 100, sortable: true, filter: 'like' },
    { name: 'kind', label: '人员类别', type: 'enum', required: true, options: PERSON_KINDS, list: true, width: 100, filter: 'eq', defaultValue: 1 },
    { name: 'mobile', label: '手机号码', type: 'text', required: true, max: 11, rules: [mobileRule], list: true, width: 130, filter: 'like' },
    /** Optional unless the activity asks for certificates (活动「要求证件」, enforced by the person hook). */
    { name: 'idType', label: '证件类型', type: 'enum', options: ID_TYPES, defaultValue: 1 },
    {
      name: 'idNo',
      label: '证件号码',
      type: 'text',
      max: 50,
      rulesWhen: [
        { field: 'idType', in: ['idCard'], rules: [idCardRule] },
        { field: 'idType', in: ['passport', 'hkMacau', 'taiwan', 'other'], rules: [certificateNoRule] },
      ],
    },
    { name: 'company', label: '单位', type: 'text', max: 100, list: true, width: 200, filter: 'like' },
    { name: 'jobTitle', label: '职务', type: 'text', max: 50, list: true, width: 100 },
    { name: 'email', label: '电子邮箱', type: 'text', max: 100, rules: [emailRule] },
    { name: 'source', label: '登记来源', type: 'enum', options: PERSON_SOURCES, readonly: true, list: true, width: 100, filter: 'eq' },
    { name: 'badgeNo', label: '胸卡编号', type: 'text', max: 32, list: true, width: 160, filter: 'like', placeholder: '留空自动生成' },
    { name: 'checkinStatus', label: '签到状态', type: 'enum', options: CHECKIN_STATES, readonly: true, list: true, width: 90, filter: 'eq' },
    { name: 'checkedInAt', label: '签到时间', type: 'datetime', readonly: true, list: true, width: 150, sortable: true },
    /** The personal code in the attendee's QR (random, unguessable); gates scan it. */
    { name: 'code', label: '个人二维码', type: 'text', max: 32, readonly: true },
    { name: 'remark', label: '备注', type: 'textarea', max: 500, span: 24 },
  ],
  machines: [
    {
      field: 'status',
      label: '登记状态',
      initial: 'pending',
      states: PERSON_STATES,
      transitions: [
        { from: ['pending'], to: 'approved', label: '审核通过' },
        { from: ['pending'], to: 'rejected', label: '不通过', danger: true, remark: true },
        { from: ['pending', 'approved'], to: 'cancelled', label: '取消登记', danger: true, remark: true },
        { from: ['rejected', 'cancelled'], to: 'pending', label: '恢复待审核' },
      ],
    },
  ],
  uniques: [
    { fields: ['activityId', 'mobile'], field: 'mobile', msg: '该手机号已在本活动登记' },
    { fields: ['code'], field: 'code', msg: '个人二维码重复，请重试' },
  ],
  indexes: [['name'], ['checkedInAt']],
  bulkStates: true,
  /** 签到台 finds people by name, its pinyin and initials, company and a mobile's last digits. */
  searchKey: true,
};

// 展馆 ---------------------------------------------------------------------------------------------

/** 展馆: the organiser's venues (halls, meeting rooms), kept once and shared by all its activities. */
export const hall: ResourceDef<'hall'> = {
  key: 'hall',
  title: '展馆',
  menuCode: 'hall_hall',
  menu: { group: 'meeting', icon: 'BankOutlined', order: 8 },
  api: '/hall/hall',
  table: 'hall_halls',
  scope: 'organiser',
  display: 'name',
  defaultSort: { sort: 'name', order: 'asc' },
  actions: ['add', 'edit', 'remove', 'export'],
  fields: [
    { name: 'name', label: '名称', type: 'text', required: true, max: 50, unique: true, list: true, width: 180, sortable: true, filter: 'like', placeholder: '如：主论坛厅' },
    { name: 'address', label: '地址', type: 'text', max: 200, list: true, width: 260, filter: 'like', span: 24 },
    { name: 'floor', label: '楼层', type: 'text', max: 20, list: true, width: 80, placeholder: '如：3F' },
    { name: 'area', label: '面积（㎡）', type: 'int', min: 1, maxValue: 1_000_000, list: true, width: 110, sortable: true },
    { name: 'capacity', label: '容纳人数', type: 'int', min: 1, maxValue: 100_000, list: true, width: 100, sortable: true },
    { name: 'contactName', label: '联系人', type: 'text', max: 30, list: true, width: 90 },
    { name: 'contactPhone', label: '联系电话', type: 'text', max: 20, rules: [phoneRule], list: true, width: 130 },
  ],
};

// 日程 ---------------------------------------------------------------------------------------------

export const schedule: ResourceDef<'schedule'> = {
  key: 'schedule',
  title: '日程',
  menuCode: 'schedule_schedule',
  menu: { group: 'meeting', icon: 'ScheduleOutlined', order: 2 },
  api: '/schedule/schedule',
  table: 'schedule_schedules',
  scope: 'activity',
  display: 'title',
  defaultSort: { sort: 'day', order: 'asc' },
  actions: ['add', 'edit', 'remove', 'export'],
  fields: [
    { name: 'title', label: '议程名称', type: 'text', required: true, max: 100, list: true, width: 220, filter: 'like', span: 24 },
    { name: 'day', label: '日期', type: 'date', required: true, list: true, width: 110, sortable: true, filter: 'range' },
    { name: 'hallId', label: '会场', type: 'ref', ref: 'hall', required: true, list: true, width: 120, filter: 'eq' },
    { name: 'startTime', label: '开始时间', type: 'time', required: true, list: true, width: 90, sortable: true },
    { name: 'endTime', label: '结束时间', type: 'time', required: true, list: true, width: 90 },
    { name: 'host', label: '主持人', type: 'text', max: 30, list: true, width: 100 },
    { name: 'speakerIds', label: '演讲嘉宾', type: 'many', ref: 'person', refFilter: { activityId: 'activityId' }, maxValue: 20, span: 24 },
    { name: 'capacity', label: '容纳人数', type: 'int', min: 1, maxValue: 100_000, list: true, width: 100 },
    { name: 'remark', label: '议程简介', type: 'textarea', max: 1000, span: 24 },
  ],
  indexes: [['day', 'hallId', 'startTime']],
};

// 座位 ---------------------------------------------------------------------------------------------

export const SEAT_KINDS: readonly Option[] = [
  { value: 1, key: 'normal', label: '普通' },
  { value: 2, key: 'vip', label: '贵宾' },
  { value: 3, key: 'press', label: '媒体' },
];

/** free → assigned when a person is put on it; reserved seats are held back from assignment. */
export const SEAT_STATES: readonly Option[] = [
  { value: 0, key: 'free', label: '空闲', color: 'default' },
  { value: 1, key: 'assigned', label: '已分配', color: 'blue' },
  { value: 2, key: 'reserved', label: '保留', color: 'orange' },
];

export const seat: ResourceDef<'seat'> = {
  key: 'seat',
  title: '座位',
  menuCode: 'seat_seat',
  menu: { group: 'meeting', icon: 'LayoutOutlined', order: 3, actions: [['generate', '批量生成'], ['assign', '分配座位']] },
  api: '/seat/seat',
  table: 'seat_seats',
  scope: 'activity',
  display: 'label',
  defaultSort: { sort: 'rowNo', order: 'asc' },
  actions: ['add', 'edit', 'remove', 'export'],
  fields: [
    { name: 'hallId', label: '会场', type: 'ref', ref: 'hall', required: true, list: true, width: 120, filter: 'eq' },
    { name: 'area', label: '区域', type: 'text', max: 20, list: true, width: 90, filter: 'eq', placeholder: '如：A区' },
    { name: 'rowNo', label: '排', type: 'int', required: true, min: 1, maxValue: 500, list: true, width: 70, sortable: true },
    { name: 'seatNo', label: '号', type: 'int', required: true, min: 1, maxValue: 500, list: true, width: 70, sortable: true },
    { name: 'label', label: '座位', type: 'text', max: 40, readonly: true, list: true, width: 140 },
    { name: 'kind', label: '座位类型', type: 'enum', required: true, options: SEAT_KINDS, list: true, width: 90, filter: 'eq', defaultValue: 1 },
    { name: 'state', label: '座位状态', type: 'enum', required: true, options: SEAT_STATES, list: true, width: 90, filter: 'eq', defaultValue: 0 },
    { name: 'personId', label: '就座人员', type: 'ref', ref: 'person', refFilter: { activityId: 'activityId' }, list: true, width: 120, filter: 'eq' },
  ],
  uniques: [
    { fields: ['activityId', 'hallId', 'rowNo', 'seatNo'], field: 'seatNo', msg: '该会场已有这个座位（同排同号）' },
    { fields: ['activityId', 'hallId', 'personId'], field: 'personId', msg: '该人员在这个会场已有座位' },
  ],
  indexes: [['hallId', 'rowNo', 'seatNo']],
};

// 闸机与签到记录 ------------------------------------------------------------------------------------

export const GATE_DIRECTIONS: readonly Option[] = [
  { value: 1, key: 'in', label: '入场' },
  { value: 2, key: 'out', label: '出场' },
];

export const GATE_STATES: readonly StateOption[] = [
  { value: 1, key: 'enabled', label: '启用', color: 'green' },
  { value: 0, key: 'disabled', label: '停用', color: 'default' },
];

export const gate: ResourceDef<'gate'> = {
  key: 'gate',
  title: '闸机',
  menuCode: 'gate_gate',
  menu: { group: 'meeting', icon: 'SafetyOutlined', order: 4, actions: [['scan', '扫码签到']] },
  api: '/gate/gate',
  table: 'gate_gates',
  scope: 'activity',
  display: 'name',
  defaultSort: { sort: 'name', order: 'asc' },
  actions: ['add', 'edit', 'remove', 'export'],
  fields: [
    { name: 'name', label: '闸机名称', type: 'text', required: true, max: 30, list: true, width: 140, sortable: true, filter: 'like', placeholder: '如：南登录厅1号' },
    { name: 'location', label: '位置', type: 'text', required: true, max: 100, list: true, width: 200 },
    { name: 'direction', label: '方向', type: 'enum', required: true, options: GATE_DIRECTIONS, list: true, width: 80, filter: 'eq', defaultValue: 1 },
    { name: 'deviceNo', label: '设备编号', type: 'text', required: true, max: 32, unique: true, list: true, width: 140, filter: 'like' },
  ],
  machines: [
    {
      field: 'status',
      label: '闸机状态',
      initial: 'enabled',
      states: GATE_STATES,
      transitions: [
        { from: ['enabled'], to: 'disabled', label: '停用', danger: true },
        { from: ['disabled'], to: 'enabled', label: '启用' },
      ],
    },
  ],
};

/** How a pass was recorded: a scanned code, or by hand at the desk (with the reason). */
export const CHECKIN_METHODS: readonly Option[] = [
  { value: 1, key: 'scan', label: '扫码' },
  { value: 2, key: 'manual', label: '人工签到' },
];

/** One recorded pass through a gate: written only by the scan and desk endpoints, never edited. */
export const checkin: ResourceDef<'checkin'> = {
  key: 'checkin',
  title: '签到记录',
  menuCode: 'gate_checkin',
  menu: { group: 'meeting', icon: 'FieldTimeOutlined', order: 6 },
  api: '/gate/checkin',
  table: 'gate_checkins',
  scope: 'activity',
  display: 'checkedAt',
  defaultSort: { sort: 'checkedAt', order: 'desc' },
  actions: ['export'],
  fields: [
    { name: 'personId', label: '参会人员', type: 'ref', ref: 'person', readonly: true, list: true, width: 120, filter: 'eq' },
    { name: 'gateId', label: '闸机', type: 'ref', ref: 'gate', readonly: true, list: true, width: 140, filter: 'eq' },
    { name: 'direction', label: '方向', type: 'enum', options: GATE_DIRECTIONS, readonly: true, list: true, width: 80, filter: 'eq' },
    { name: 'checkedAt', label: '通行时间', type: 'datetime', readonly: true, list: true, width: 160, sortable: true, filter: 'range' },
    { name: 'method', label: '签到方式', type: 'enum', options: CHECKIN_METHODS, readonly: true, list: true, width: 90 },
    { name: 'reason', label: '人工签到原因', type: 'text', max: 200, readonly: true, list: true, width: 200 },
  ],
  /** A person enters once and leaves once: a second scan is a duplicate, also when two gates race. */
  uniques: [{ fields: ['personId', 'direction'], field: 'personId', msg: '该人员已签到' }],
  indexes: [['checkedAt'], ['gateId', 'checkedAt']],
  scanId: true,
};

// 班车线路 -----------------------------------------------------------------------------------------

export const shuttleLine: ResourceDef<'shuttleLine'> = {
  key: 'shuttleLine',
  title: '班车线路',
  menuCode: 'shuttle_line',
  menu: { group: 'meeting', icon: 'CarOutlined', order: 7 },
  api: '/shuttle/line',
  table: 'shuttle_lines',
  scope: 'activity',
  display: 'name',
  defaultSort: { sort: 'departAt', order: 'asc' },
  actions: ['add', 'edit', 'remove', 'export'],
  fields: [
    { name: 'name', label: '线路名称', type: 'text', required: true, max: 50, list: true, width: 200, filter: 'like', placeholder: '如：虹桥枢纽—国家会展中心' },
    { name: 'departAt', label: '发车时间', type: 'datetime', required: true, list: true, width: 150, sortable: true },
    { name: 'plate', label: '车牌号', type: 'text', required: true, max: 10, list: true, width: 100, filter: 'like', placeholder: '如：沪A12345' },
    { name: 'capacity', label: '座位数', type: 'int', required: true, min: 1, maxValue: 100, list: true, width: 80, defaultValue: 45 },
    { name: 'driver', label: '司机', type: 'text', required: true, max: 30, list: true, width: 90 },
    { name: 'driverMobile', label: '司机手机', type: 'text', required: true, max: 11, rules: [mobileRule], list: true, width: 130 },
    {
      name: 'passengerIds',
      label: '乘车人员',
      type: 'many',
      ref: 'person',
      refFilter: { activityId: 'activityId' },
      maxValue: 100,
      span: 24,
      listCount: { of: 'capacity', prefix: '已乘', width: 110 },
    },
    { name: 'remark', label: '备注', type: 'textarea', max: 500, span: 24 },
  ],
  lines: {
    name: 'stops',
    label: '停靠站点',
    table: 'shuttle_line_stops',
    minLines: 2,
    maxLines: 20,
    listWidth: 320,
    fields: [
      { name: 'stopName', label: '站点', type: 'text', required: true, max: 50 },
      { name: 'arriveAt', label: '到站时间', type: 'time', required: true },
    ],
  },
};

/** A seat's name as lists, the seat map and badges show it: "A区 3排12号" (or "3排12号" without an area). */
export function seatLabel(area: string | null | undefined, rowNo: number, seatNo: number): string {
  return `${area ? `${area} ` : ''}${rowNo}排${seatNo}号`;
}
