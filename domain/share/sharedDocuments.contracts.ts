import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Id, Nullable, NullableNum, NullableText, Num, Text } from '../core/schemas';
import { AttachmentRow, SharePageKind } from './shareLinks.contracts';

/**
 * What a share link opens, for people without an account (`public`, still signed like every /admin
 * call): a shared page shows the record its link opens, and nothing more — names and figures a customer
 * reads on the document, no ids of other rows, no staff accounts (only our signer's name where the
 * document carries it). Money is integer fen (formatted and spelled in capitals by the page). Numbers of
 * the generic resources (money, quantities, option codes) are plain numbers: an integer schema would
 * truncate a fraction, and inside the document union a value that fits no branch would turn the answer
 * into a 500. A wrong, revoked or expired link, a link of another resource, and a link whose record is
 * gone all get the same 404 and message.
 */

const letterhead = { organiserName: Text, organiserLogo: NullableText };

export const SharedLetterhead = Type.Object(letterhead);
export type SharedLetterhead = Static<typeof SharedLetterhead>;

export const SharedProject = Type.Object({ name: Text, address: NullableText, srq: NullableText, erq: NullableText });
export type SharedProject = Static<typeof SharedProject>;

/** A priced line (quotation or order item) with its goods as the customer sees it. */
export const SharedLine = Type.Object({
  goodsName: Text,
  goodsCode: NullableText,
  category: NullableNum,
  spec: NullableText,
  unit: NullableText,
  quantity: Num,
  price: Num,
  discount: Num,
  amount: Num,
});
export type SharedLine = Static<typeof SharedLine>;

export const SharedCustomerParty = Type.Object({ name: Text, address: NullableText, phone: NullableText, creditCode: NullableText });
export type SharedCustomerParty = Static<typeof SharedCustomerParty>;

export const SharedQuotation = Type.Object({
  ...letterhead,
  code: NullableText,
  title: Text,
  project: Nullable(SharedProject),
  customer: SharedCustomerParty,
  contact: Nullable(Type.Object({ name: Text, title: NullableText, mobile: NullableText, email: NullableText })),
  quoteDate: Text,
  validUntil: NullableText,
  totalAmount: Num,
  status: Num,
  remark: NullableText,
  items: Type.Array(SharedLine),
});
export type SharedQuotation = Static<typeof SharedQuotation>;

export const SharedContract = Type.Object({
  ...letterhead,
  code: NullableText,
  name: Text,
  project: Nullable(SharedProject),
  customer: SharedCustomerParty,
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
  items: Type.Array(SharedLine),
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
  invoices: Type.Array(Type.Object({ type: Num, invoiceNo: NullableText, amount: Num, applyDate: Text, issueDate: NullableText, status: Num })),
});
export type SharedContract = Static<typeof SharedContract>;

export const SharedOrder = Type.Object({
  ...letterhead,
  orderNo: NullableText,
  project: Nullable(SharedProject),
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
  items: Type.Array(SharedLine),
  attachments: Type.Array(AttachmentRow),
});
export type SharedOrder = Static<typeof SharedOrder>;

export const SharedCustomerInfo = Type.Object({
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
  quotations: Type.Array(Type.Object({ code: NullableText, title: Text, projectName: NullableText, quoteDate: Text, totalAmount: Num, status: Num })),
});
export type SharedCustomerInfo = Static<typeof SharedCustomerInfo>;

/** Which document a link opens follows from its kind; each of the four requires fields the others lack. */
export const SharedDocument = Type.Union([SharedQuotation, SharedContract, SharedOrder, SharedCustomerInfo]);
export type SharedDocument = Static<typeof SharedDocument>;

/** Accept any text up to a bound: a malformed token is refused like any other wrong one. */
const Link = Type.String({ maxLength: 200 });

export const sharedDocument = endpoint({
  method: 'GET',
  path: '/share/document',
  public: true,
  query: Type.Object({ link: Link, kind: SharePageKind }),
  response: Type.Object({ kind: SharePageKind, title: Text, document: SharedDocument }),
});

/** A file of the link's own order, not an envelope. */
export const sharedAttachment = endpoint({
  method: 'GET',
  path: '/share/attachment',
  public: true,
  query: Type.Object({ link: Link, id: Id }),
  file: true,
});
