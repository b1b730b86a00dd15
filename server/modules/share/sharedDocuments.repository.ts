import { and, asc, eq, ne } from 'drizzle-orm';
import type { ShareResource } from '@domain/share/shareLinks.contracts';
import type {
  SharedContract,
  SharedCustomerInfo,
  SharedCustomerParty,
  SharedDocument,
  SharedLetterhead,
  SharedLine,
  SharedOrder,
  SharedProject,
  SharedQuotation,
} from '@domain/share/sharedDocuments.contracts';
import { resourceByKey } from '@domain/registry';
import type { AppDb } from '../../db/client';
import { organisers, projects } from '../../db/schema';
import { listAttachments } from '../../services/attachmentStore';
import type { OpenLink } from './shareLinks.repository';
import { columnsOf, linesTableOf, tableOf, type Row } from '../../services/resources/model';

/**
 * The SQL of what a shared page shows of the record its link opens, and nothing more: names and figures a
 * customer reads on the document, no ids of other rows, no staff accounts (only our signer's name where
 * the document carries it). Money stays integer fen; the page formats it and spells it in capitals.
 */

type Doc = SharedDocument;

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The raw row `id` of resource `key` within the organiser, or undefined. */
async function rowOf(db: AppDb, key: string, organiserId: number, id: number | null): Promise<Row | undefined> {
  if (id === null) return undefined;
  const def = resourceByKey(key);
  const cols = columnsOf(def);
  const [row] = await db
    .select()
    .from(tableOf(def))
    .where(and(eq(cols.organiserId, organiserId), eq(cols.id, id)));
  return row as Row | undefined;
}

/** Rows of resource `key` whose `field` is `value`, in the organiser, ordered by `order`. */
async function rowsWhere(db: AppDb, key: string, organiserId: number, field: string, value: number, order: string[]): Promise<Row[]> {
  const def = resourceByKey(key);
  const cols = columnsOf(def);
  const rows = await db
    .select()
    .from(tableOf(def))
    .where(and(eq(cols.organiserId, organiserId), eq(cols[field], value)))
    .orderBy(...order.map((name) => asc(cols[name])), asc(cols.id));
  return rows as Row[];
}

async function letterhead(db: AppDb, organiserId: number): Promise<SharedLetterhead> {
  const [row] = await db.select({ name: organisers.name, logo: organisers.logo }).from(organisers).where(eq(organisers.id, organiserId));
  return { organiserName: row?.name ?? '', organiserLogo: row?.logo ?? null };
}

async function projectOf(db: AppDb, organiserId: number, projectId: unknown): Promise<SharedProject | null> {
  if (typeof projectId !== 'number') return null;
  const [row] = await db
    .select({ name: projects.name, address: projects.address, srq: projects.srq, erq: projects.erq })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.organiserId, organiserId)));
  return row ?? null;
}

async function customerParty(db: AppDb, organiserId: number, customerId: unknown): Promise<SharedCustomerParty> {
  const row = await rowOf(db, 'customer', organiserId, num(customerId));
  return { name: str(row?.name) ?? '', address: str(row?.address), phone: str(row?.phone), creditCode: str(row?.creditCode) };
}

/** The priced lines of a quotation or an order, with their goods. */
async function linesOf(db: AppDb, key: 'quotation' | 'order', organiserId: number, parentId: number): Promise<SharedLine[]> {
  const { table, cols } = linesTableOf(resourceByKey(key));
  const goods = resourceByKey('goods');
  const gcols = columnsOf(goods);
  const rows = await db
    .select({
      goodsName: gcols.name,
      goodsCode: gcols.code,
      category: gcols.category,
      spec: gcols.spec,
      unit: gcols.unit,
      quantity: cols.quantity,
      price: cols.price,
      discount: cols.discount,
      amount: cols.amount,
    })
    .from(table)
    .leftJoin(tableOf(goods), eq(gcols.id, cols.goodsId))
    .where(and(eq(cols.parentId, parentId), eq(cols.organiserId, organiserId)))
    .orderBy(asc(cols.sort), asc(cols.id));
  return rows.map((r) => ({
    goodsName: str(r.goodsName) ?? '',
    goodsCode: str(r.goodsCode),
    category: num(r.category),
    spec: str(r.spec),
    unit: str(r.unit),
    quantity: Number(r.quantity),
    price: Number(r.price),
    discount: Number(r.discount ?? 100),
    amount: Number(r.amount),
  }));
}

async function quotationDoc(db: AppDb, link: OpenLink, q: Row): Promise<SharedQuotation> {
  const contact = await rowOf(db, 'contact', link.organiserId, num(q.contactId));
  return {
    ...(await letterhead(db, link.organiserId)),
    code: str(q.code),
    title: String(q.title),
    project: await projectOf(db, link.organiserId, q.projectId),
    customer: await customerParty(db, link.organiserId, q.customerId),
    contact: contact ? { name: String(contact.name), title: str(contact.title), mobile: str(contact.mobile), email: str(contact.email) } : null,
    quoteDate: String(q.quoteDate),
    validUntil: str(q.validUntil),
    totalAmount: Number(q.totalAmount ?? 0),
    status: Number(q.status),
    remark: str(q.remark),
    items: await linesOf(db, 'quotation', link.organiserId, link.rowId),
  };
}

async function contractDoc(db: AppDb, link: OpenLink, c: Row): Promise<SharedContract> {
  const quotation = await rowOf(db, 'quotation', link.organiserId, num(c.quotationId));
  const receivables = await rowsWhere(db, 'receivable', link.organiserId, 'contractId', link.rowId, ['kind', 'period']);
  const invoices = await rowsWhere(db, 'invoice', link.organiserId, 'contractId', link.rowId, ['applyDate']);
  return {
    ...(await letterhead(db, link.organiserId)),
    code: str(c.code),
    name: String(c.name),
    project: await projectOf(db, link.organiserId, c.projectId),
    customer: await customerParty(db, link.organiserId, c.customerId),
    quotationCode: str(quotation?.code),
    signDate: String(c.signDate),
    startDate: str(c.startDate),
    endDate: str(c.endDate),
    amount: Number(c.amount),
    payTerms: num(c.payTerms),
    ourSigner: str(c.ourSigner),
    auditStatus: Number(c.auditStatus),
    status: Number(c.status),
    remark: str(c.remark),
    items: quotation ? await linesOf(db, 'quotation', link.organiserId, quotation.id as number) : [],
    receivables: receivables.map((r) => ({
      kind: Number(r.kind),
      summary: String(r.summary),
      period: num(r.period),
      amount: Number(r.amount),
      planDate: str(r.planDate),
      receivedDate: str(r.receivedDate),
      confirmStatus: Number(r.confirmStatus ?? 0),
    })),
    // Applied-for invoices are internal paperwork until issued; voided ones stay visible as such.
    invoices: invoices
      .filter((i) => Number(i.status) !== 0)
      .map((i) => ({
        type: Number(i.type),
        invoiceNo: str(i.invoiceNo),
        amount: Number(i.amount),
        applyDate: String(i.applyDate),
        issueDate: str(i.issueDate),
        status: Number(i.status),
      })),
  };
}

async function orderDoc(db: AppDb, link: OpenLink, o: Row): Promise<SharedOrder> {
  const customer = await rowOf(db, 'customer', link.organiserId, num(o.customerId));
  return {
    ...(await letterhead(db, link.organiserId)),
    orderNo: str(o.orderNo),
    project: await projectOf(db, link.organiserId, o.projectId),
    buyerName: String(o.buyerName),
    buyerPhone: String(o.buyerPhone),
    customerName: str(customer?.name),
    channel: Number(o.channel),
    orderDate: String(o.orderDate),
    totalAmount: Number(o.totalAmount ?? 0),
    discountAmount: Number(o.discountAmount ?? 0),
    payAmount: Number(o.payAmount ?? 0),
    status: Number(o.status),
    remark: str(o.remark),
    items: await linesOf(db, 'order', link.organiserId, link.rowId),
    attachments: await listAttachments(db, { organiserId: link.organiserId, resource: 'order', rowId: link.rowId }),
  };
}

async function customerDoc(db: AppDb, link: OpenLink, c: Row): Promise<SharedCustomerInfo> {
  const contacts = await rowsWhere(db, 'contact', link.organiserId, 'customerId', link.rowId, ['createdAt']);
  const quotation = resourceByKey('quotation');
  const qcols = columnsOf(quotation);
  // Drafts are still being worked on by staff: the customer sees what was sent to them.
  const quotations = await db
    .select({ code: qcols.code, title: qcols.title, projectName: projects.name, quoteDate: qcols.quoteDate, totalAmount: qcols.totalAmount, status: qcols.status })
    .from(tableOf(quotation))
    .leftJoin(projects, eq(projects.id, qcols.projectId))
    .where(and(eq(qcols.organiserId, link.organiserId), eq(qcols.customerId, link.rowId), ne(qcols.status, 0)))
    .orderBy(asc(qcols.quoteDate), asc(qcols.id));
  return {
    ...(await letterhead(db, link.organiserId)),
    name: String(c.name),
    shortName: str(c.shortName),
    type: Number(c.type),
    industry: num(c.industry),
    region: str(c.region),
    phone: str(c.phone),
    email: str(c.email),
    website: str(c.website),
    address: str(c.address),
    creditCode: str(c.creditCode),
    contacts: contacts
      .sort((a, b) => Number(b.isPrimary ?? 0) - Number(a.isPrimary ?? 0))
      .map((p) => ({
        name: String(p.name),
        gender: num(p.gender),
        title: str(p.title),
        department: str(p.department),
        mobile: str(p.mobile),
        email: str(p.email),
        isPrimary: num(p.isPrimary),
      })),
    quotations: quotations.map((q) => ({
      code: str(q.code),
      title: String(q.title),
      projectName: q.projectName,
      quoteDate: String(q.quoteDate),
      totalAmount: Number(q.totalAmount ?? 0),
      status: Number(q.status),
    })),
  };
}

/** The document an open link shows, or null when its row has since been deleted. */
export async function documentOfLink(db: AppDb, link: OpenLink): Promise<Doc | null> {
  const row = await rowOf(db, link.resource, link.organiserId, link.rowId);
  if (!row) return null;
  const build: Record<ShareResource, (db: AppDb, link: OpenLink, row: Row) => Promise<Doc>> = {
    quotation: quotationDoc,
    contract: contractDoc,
    order: orderDoc,
    customer: customerDoc,
  };
  return build[link.resource](db, link, row);
}
