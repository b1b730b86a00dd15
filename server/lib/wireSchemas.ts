import { Type } from '@sinclair/typebox';
import {
  AUDIT_ACTIONS,
  SHARE_PAGES,
  type AssignableRole,
  type AttachmentRow,
  type AuditLogRow,
  type AuthorisedActivity,
  type AuthorisedProject,
  type EduProjectShowcase,
  type LoginResult,
  type MenuNode,
  type MyActivityRow,
  type MyProjectRow,
  type NoticeItem,
  type NotifyPrefs,
  type ProfileInfo,
  type ReportCheckResult,
  type SharedContract,
  type SharedCustomerInfo,
  type SharedLine,
  type SharedOrder,
  type SharedProject,
  type SharedQuotation,
  type ShareLinkRow,
  type SharePageKind,
  type SmsOutboxRow,
  type SystemUserRow,
  type TemporaryPassword,
  type UserGrantTree,
  type UserInfo,
} from '@domain/wire';
import { Nullable, StringEnum, wireSchema } from './schemas';

/**
 * Response schemas of the hand-written routes, one per wire type of domain/wire.ts, each checked
 * against that type at compile time (wireSchema). Ids, counts and status codes of our own tables are
 * integers. Shared documents carry numbers of the generic resources (money, quantities, option codes)
 * as plain numbers: an integer schema would truncate a fraction, and inside the document union a value
 * that fits no branch would turn the answer into a 500.
 */

const Text = Type.String();
const NullableText = Nullable(Type.String());
const Int = Type.Integer();
const NullableInt = Nullable(Type.Integer());
const Num = Type.Number();
const NullableNum = Nullable(Type.Number());

export const LoginResultSchema = wireSchema<LoginResult>()(Type.Object({ access_token: Text, sjc: Text, mustChangePassword: Type.Optional(Type.Boolean()) }));

export const UserInfoSchema = wireSchema<UserInfo>()(
  Type.Object({
    userId: Int,
    username: Text,
    nickName: Text,
    zw: NullableText,
    mail: NullableText,
    cgmc: NullableText,
    zblogo: NullableText,
    avatar: NullableText,
    tips: NullableText,
    khlx: Int,
    dxzh: NullableText,
    lxdh: NullableText,
    cnfIds: Type.Array(Int),
    authorities: Type.Array(Type.Object({ authority: Text })),
    mustChangePassword: Type.Optional(Type.Boolean()),
  }),
);

export const MenuNodeSchema = wireSchema<MenuNode>()(
  Type.Recursive(
    (Node) =>
      Type.Object({
        menuId: Int,
        parentId: Int,
        menuCode: Text,
        menuName: Text,
        path: Text,
        scheme: Text,
        icon: NullableText,
        target: NullableText,
        level: Int,
        hidden: Type.Optional(Type.Boolean()),
        children: Type.Optional(Type.Array(Node)),
      }),
    // A fixed id rather than TypeBox's counter, so the $ref inside stays the same between builds.
    { $id: 'MenuNode' },
  ),
);

export const NoticeItemSchema = wireSchema<NoticeItem>()(
  Type.Object({ id: Int, title: Text, content: Text, createdAt: Text, isstamp: NullableInt }),
);

export const ProfileInfoSchema = wireSchema<ProfileInfo>()(Type.Object({ userId: Int, nickName: Text, zw: NullableText, mail: NullableText }));

export const NotifyPrefsSchema = wireSchema<NotifyPrefs>()(
  Type.Object({ system: Type.Boolean(), activity: Type.Boolean(), finance: Type.Boolean() }),
);

export const MyProjectRowSchema = wireSchema<MyProjectRow>()(
  Type.Object({
    cnfid: Int,
    cnfmc: Text,
    cnfName: Text,
    logo: NullableText,
    srq: Text,
    erq: Text,
    startDate: Text,
    endDate: Text,
    address: NullableText,
    qrCode: Text,
    selected: Type.Boolean(),
  }),
);

export const MyActivityRowSchema = wireSchema<MyActivityRow>()(
  Type.Object({
    cnfId: Int,
    cnfMc: Text,
    logo: NullableText,
    srq: Text,
    erq: Text,
    address: NullableText,
    projectName: Text,
    qrCode: Text,
    selected: Type.Boolean(),
  }),
);

export const AuthorisedProjectSchema = wireSchema<AuthorisedProject>()(Type.Object({ cnfid: Int, cnfmc: Text, selected: Type.Boolean() }));

export const AuthorisedActivitySchema = wireSchema<AuthorisedActivity>()(
  Type.Object({ cnfId: Int, cnfMc: Text, projectName: Text, selected: Type.Boolean() }),
);

export const EduProjectShowcaseSchema = wireSchema<EduProjectShowcase>()(
  Type.Object({
    reportNo: Text,
    title: Text,
    teamName: NullableText,
    school: NullableText,
    category: NullableText,
    status: Int,
    submittedDate: NullableText,
  }),
);

export const ReportCheckResultSchema = wireSchema<ReportCheckResult>()(
  Type.Object({ reportNo: Text, title: Text, status: Int, submittedDate: NullableText, updatedDate: Text }),
);

export const SystemUserRowSchema = wireSchema<SystemUserRow>()(
  Type.Object({
    id: Int,
    username: Text,
    nickName: Text,
    lxdh: NullableText,
    khlx: Int,
    status: Int,
    organiserId: Int,
    cgmc: Text,
    reviewRemark: NullableText,
    createdAt: Text,
    zw: NullableText,
    mail: NullableText,
    roles: Type.Array(Type.Object({ id: Int, name: Text })),
    mustChangePassword: Type.Boolean(),
  }),
);

export const AssignableRoleSchema = wireSchema<AssignableRole>()(
  Type.Object({ id: Int, code: Text, name: Text, organiserId: NullableInt, remark: NullableText }),
);

export const UserGrantTreeSchema = wireSchema<UserGrantTree>()(
  Type.Object({
    projects: Type.Array(Type.Object({ id: Int, name: Text, activities: Type.Array(Type.Object({ id: Int, name: Text })) })),
    projectIds: Type.Array(Int),
    activityIds: Type.Array(Int),
  }),
);

export const TemporaryPasswordSchema = wireSchema<TemporaryPassword>()(Type.Object({ id: Int, username: Text, password: Text }));

export const SmsOutboxRowSchema = wireSchema<SmsOutboxRow>()(
  Type.Object({ id: Int, mobile: Text, content: Text, purpose: Text, provider: Text, status: Text, createdAt: Text }),
);

export const AuditLogRowSchema = wireSchema<AuditLogRow>()(
  Type.Object({
    id: Int,
    createdAt: Text,
    organiserId: NullableInt,
    organiserName: NullableText,
    userId: NullableInt,
    username: NullableText,
    action: StringEnum(AUDIT_ACTIONS),
    resource: NullableText,
    rowId: NullableInt,
    summary: Text,
    changes: Nullable(Type.Array(Type.Object({ field: Text, label: Text, before: NullableText, after: NullableText }))),
    address: NullableText,
    entry: NullableText,
  }),
);

// ---------------------------------------------------------------------------------------------
// Share links and shared documents
// ---------------------------------------------------------------------------------------------

export const SharePageKindSchema = StringEnum(Object.keys(SHARE_PAGES) as SharePageKind[]);

export const ShareLinkRowSchema = wireSchema<ShareLinkRow>()(
  Type.Object({
    id: Int,
    kind: SharePageKindSchema,
    token: Text,
    createdByName: NullableText,
    createdAt: Text,
    expiresAt: NullableText,
    revokedAt: NullableText,
    openCount: Int,
    lastOpenedAt: NullableText,
    state: StringEnum(['active', 'expired', 'revoked']),
  }),
);

export const AttachmentRowSchema = wireSchema<AttachmentRow>()(
  Type.Object({
    id: Int,
    fileName: Text,
    mime: Text,
    size: Int,
    createdAt: Text,
    // Left out on public pages, which show no staff names.
    createdByName: Type.Optional(NullableText),
  }),
);

const letterhead = { organiserName: Text, organiserLogo: NullableText };

const SharedProjectSchema = wireSchema<SharedProject>()(
  Type.Object({ name: Text, address: NullableText, srq: NullableText, erq: NullableText }),
);

const SharedLineSchema = wireSchema<SharedLine>()(
  Type.Object({
    goodsName: Text,
    goodsCode: NullableText,
    category: NullableNum,
    spec: NullableText,
    unit: NullableText,
    quantity: Num,
    price: Num,
    discount: Num,
    amount: Num,
  }),
);

const SharedCustomerPartySchema = Type.Object({ name: Text, address: NullableText, phone: NullableText, creditCode: NullableText });

export const SharedQuotationSchema = wireSchema<SharedQuotation>()(
  Type.Object({
    ...letterhead,
    code: NullableText,
    title: Text,
    project: Nullable(SharedProjectSchema),
    customer: SharedCustomerPartySchema,
    contact: Nullable(Type.Object({ name: Text, title: NullableText, mobile: NullableText, email: NullableText })),
    quoteDate: Text,
    validUntil: NullableText,
    totalAmount: Num,
    status: Num,
    remark: NullableText,
    items: Type.Array(SharedLineSchema),
  }),
);

export const SharedContractSchema = wireSchema<SharedContract>()(
  Type.Object({
    ...letterhead,
    code: NullableText,
    name: Text,
    project: Nullable(SharedProjectSchema),
    customer: SharedCustomerPartySchema,
    quotationCode: NullableText,
    signDate: Text,
    startDate: NullableText,
    endDate: NullableText,
    amount: Num,
    payTerms: NullableNum,
    ourSigner: NullableText,
    auditStatus: Num,
    status: Num,
    remark: NullableText,
    items: Type.Array(SharedLineSchema),
    receivables: Type.Array(
      Type.Object({
        kind: Num,
        summary: Text,
        period: NullableNum,
        amount: Num,
        planDate: NullableText,
        receivedDate: NullableText,
        confirmStatus: Num,
      }),
    ),
    invoices: Type.Array(
      Type.Object({ type: Num, invoiceNo: NullableText, amount: Num, applyDate: Text, issueDate: NullableText, status: Num }),
    ),
  }),
);

export const SharedOrderSchema = wireSchema<SharedOrder>()(
  Type.Object({
    ...letterhead,
    orderNo: NullableText,
    project: Nullable(SharedProjectSchema),
    buyerName: Text,
    buyerPhone: Text,
    customerName: NullableText,
    channel: Num,
    orderDate: Text,
    totalAmount: Num,
    discountAmount: Num,
    payAmount: Num,
    status: Num,
    remark: NullableText,
    items: Type.Array(SharedLineSchema),
    attachments: Type.Array(AttachmentRowSchema),
  }),
);

export const SharedCustomerInfoSchema = wireSchema<SharedCustomerInfo>()(
  Type.Object({
    ...letterhead,
    name: Text,
    shortName: NullableText,
    type: Num,
    industry: NullableNum,
    region: NullableText,
    phone: NullableText,
    email: NullableText,
    website: NullableText,
    address: NullableText,
    creditCode: NullableText,
    contacts: Type.Array(
      Type.Object({
        name: Text,
        gender: NullableNum,
        title: NullableText,
        department: NullableText,
        mobile: NullableText,
        email: NullableText,
        isPrimary: NullableNum,
      }),
    ),
    quotations: Type.Array(
      Type.Object({ code: NullableText, title: Text, projectName: NullableText, quoteDate: Text, totalAmount: Num, status: Num }),
    ),
  }),
);

/** Which document a link opens follows from its kind; each of the four requires fields the others lack. */
export const SharedDocumentSchema = Type.Union([SharedQuotationSchema, SharedContractSchema, SharedOrderSchema, SharedCustomerInfoSchema]);
