import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedContract, SharedCustomerInfo, SharedOrder, SharedQuotation } from '@domain/share/sharedDocuments.contracts';
import type { AttachmentRow, ShareLinkRow } from '@domain/share/shareLinks.contracts';
import type { PageResult } from '@domain/core/envelope';
import { resourceByKey } from '@domain/registry';
import * as schema from '../../server/db/schema';
import { hashPassword } from '../../server/lib/password';
import { MSG } from '../../server/messages';
import { ATTACHMENT_MAX_BYTES } from '../../server/services/attachments';
import { SHARE_LOOKUP_MAX } from '../../server/modules/share/sharedDocuments.routes';
import { body, buildTestApp, createSecondOrganiser, DAY_MS, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';
import { callsAs, type FixtureContext, type Row } from './resourceFixtures';

/**
 * Share links: unguessable, revocable, expiring, scoped to one record of one organiser; the public
 * lookups they open; and an order's attachments, uploaded by staff and downloaded through a link.
 */
let t: TestApp;
let demo: FixtureContext;
let other: FixtureContext;
let viewer: FixtureContext;
const [quotation, contract, order, customer] = ['quotation', 'contract', 'order', 'customer'].map(resourceByKey);

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  demo = { app: t.app, token: await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password) };
  const second = await createSecondOrganiser(t.app);
  other = { app: t.app, token: await tokenFor(t.app, second.user.username, second.user.password) };

  // A colleague of demo who may read quotations and orders but not edit them.
  const db = t.app.db;
  const [demoUser] = await db.select().from(schema.users).where(eq(schema.users.username, 'demo'));
  const [role] = await db.insert(schema.roles).values({ code: 'share_viewer', name: '只读' }).returning();
  const menus = await db.select().from(schema.menus);
  const wanted = menus.filter((m) => ['crm_quotation', 'order_order'].includes(m.menuCode));
  await db.insert(schema.roleMenus).values(wanted.map((m) => ({ roleId: role.id, menuId: m.id })));
  const [user] = await db
    .insert(schema.users)
    .values({ username: 'sharereader', passwordHash: await hashPassword('reader123456'), nickName: '只读同事', khlx: 3, organiserId: demoUser.organiserId })
    .returning();
  await db.insert(schema.userRoles).values({ userId: user.id, roleId: role.id });
  const demoProjects = await db.select().from(schema.userProjects).where(eq(schema.userProjects.userId, demoUser.id));
  await db.insert(schema.userProjects).values(demoProjects.map((p) => ({ userId: user.id, projectId: p.projectId })));
  viewer = { app: t.app, token: await tokenFor(t.app, 'sharereader', 'reader123456') };
});
afterAll(() => t.close());

const asDemo = callsAs(() => demo);
const asOther = callsAs(() => other);
const asViewer = callsAs(() => viewer);

/** A public lookup, signed but without any token, from its own address unless told. */
async function openDoc<T>(link: string, kind: string, remoteAddress = '10.1.0.1') {
  const res = await signedInject(t.app, { method: 'GET', url: '/admin/share/document', query: { link, kind }, remoteAddress });
  return { status: res.statusCode, ...body<{ kind: string; title: string; document: T } | null>(res) };
}

async function rowsOf(def: typeof quotation, query: Record<string, string | number> = {}): Promise<Row[]> {
  return (await asDemo.ok<PageResult<Row>>('GET', `${def.api}/page`, { limit: 20, ...query })).records;
}

async function createLink(def: typeof quotation, rowId: number, kind: string, expiresDays = 0): Promise<ShareLinkRow> {
  return asDemo.ok<ShareLinkRow>('POST', `${def.api}/share/create`, { rowId, kind, expiresDays });
}

/** A minimal file of each type: the bytes such files start with, then some text. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('测试附件内容 '.repeat(50))]);
const b64 = (b: Buffer) => b.toString('base64');

describe('creating and listing links', () => {
  let q: Row;
  beforeAll(async () => {
    q = (await rowsOf(quotation))[0];
  });

  it('makes long random tokens: two links of the same row differ, each 43 base64url characters', async () => {
    const a = await createLink(quotation, q.id, 'bjdxxSzJd');
    const b = await createLink(quotation, q.id, 'bjdxxSzZg', 30);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a).toMatchObject({ kind: 'bjdxxSzJd', state: 'active', openCount: 0, expiresAt: null, createdByName: expect.any(String) });
    expect(b.expiresAt).not.toBeNull();
    const list = await asDemo.ok<ShareLinkRow[]>('GET', `${quotation.api}/share/list`, { rowId: q.id });
    expect(list.map((l) => l.id)).toEqual(expect.arrayContaining([a.id, b.id]));
  });

  it('refuses a page of another resource and expiry choices outside 7/30/90/none', async () => {
    const wrongKind = await asDemo.call('POST', `${quotation.api}/share/create`, { rowId: q.id, kind: 'htxx', expiresDays: 0 });
    expect(wrongKind.msg).toBe(MSG.shareKindMismatch);
    const wrongDays = await asDemo.call('POST', `${quotation.api}/share/create`, { rowId: q.id, kind: 'bjdxxZh', expiresDays: 5 });
    expect(wrongDays.code).not.toBe(0);
  });

  it('needs the edit ACTION_ to create or revoke, the MENU_ to list', async () => {
    const created = await createLink(quotation, q.id, 'bjdxxZh');
    expect((await asViewer.call('POST', `${quotation.api}/share/create`, { rowId: q.id, kind: 'bjdxxZh', expiresDays: 0 })).status).toBe(403);
    expect((await asViewer.call('POST', `${quotation.api}/share/revoke`, { id: created.id })).status).toBe(403);
    const listed = await asViewer.ok<ShareLinkRow[]>('GET', `${quotation.api}/share/list`, { rowId: q.id });
    expect(listed.some((l) => l.id === created.id)).toBe(true);
    // No contract menu at all: not even the list.
    const c = (await rowsOf(contract))[0];
    expect((await asViewer.call('GET', `${contract.api}/share/list`, { rowId: c.id })).status).toBe(403);
  });

  it("lets no other organiser create, list or revoke links of a row that is not theirs", async () => {
    const mine = await createLink(quotation, q.id, 'bjdxxSzJd');
    const create = await asOther.call('POST', `${quotation.api}/share/create`, { rowId: q.id, kind: 'bjdxxSzJd', expiresDays: 0 });
    expect(create.code).not.toBe(0);
    expect(create.msg).toBe(MSG.resNotFound);
    const list = await asOther.call('GET', `${quotation.api}/share/list`, { rowId: q.id });
    expect(list.msg).toBe(MSG.resNotFound);
    expect(list.data).toBeNull();
    const revoke = await asOther.call('POST', `${quotation.api}/share/revoke`, { id: mine.id });
    expect(revoke.msg).toBe(MSG.shareLinkMissing);
    const open = await openDoc<SharedQuotation>(mine.token, 'bjdxxSzJd');
    expect(open.code).toBe(0);
  });
});

describe('opening a link', () => {
  it('opens its own quotation in all three layouts, counting opens, and nothing as another resource', async () => {
    const [q1, q2] = await rowsOf(quotation);
    const link = await createLink(quotation, q1.id, 'bjdxxSzJd');
    const info = await asDemo.ok<Row>('GET', `${quotation.api}/info`, { id: q1.id });
    for (const kind of ['bjdxxSzJd', 'bjdxxSzZg', 'bjdxxZh']) {
      const res = await openDoc<SharedQuotation>(link.token, kind);
      expect(res.status).toBe(200);
      const doc = res.data!.document;
      expect(doc.title).toBe(info.title);
      expect(doc.title).not.toBe(q2.title);
      expect(doc.customer.name).toBe(info.customerName);
      expect(doc.items.length).toBe((info.items as unknown[]).length);
      expect(doc.organiserName).toBe('华展国际会展服务（上海）有限公司');
      // No ids of other rows, no staff accounts.
      expect(JSON.stringify(doc)).not.toMatch(/"(id|customerId|goodsId|createdBy|updatedBy)"/);
    }
    const asContract = await openDoc(link.token, 'htxx');
    expect(asContract).toMatchObject({ status: 404, code: 404, msg: MSG.shareLinkInvalid, data: null });
    const [listed] = (await asDemo.ok<ShareLinkRow[]>('GET', `${quotation.api}/share/list`, { rowId: q1.id })).filter((l) => l.id === link.id);
    expect(listed.openCount).toBe(3);
    expect(listed.lastOpenedAt).not.toBeNull();
  });

  it('refuses a wrong or malformed token with the same message and no data', async () => {
    const link = await createLink(quotation, (await rowsOf(quotation))[0].id, 'bjdxxSzJd');
    const flipped = (link.token[0] === 'A' ? 'B' : 'A') + link.token.slice(1);
    for (const token of [flipped, 'short', `${link.token}x`]) {
      expect(await openDoc(token, 'bjdxxSzJd')).toMatchObject({ status: 404, msg: MSG.shareLinkInvalid, data: null });
    }
  });

  it('refuses a revoked link with no data, and lists it as revoked', async () => {
    const q = (await rowsOf(quotation))[0];
    const link = await createLink(quotation, q.id, 'bjdxxZh');
    expect((await openDoc(link.token, 'bjdxxZh')).code).toBe(0);
    const revoked = await asDemo.ok<ShareLinkRow>('POST', `${quotation.api}/share/revoke`, { id: link.id });
    expect(revoked.state).toBe('revoked');
    expect(await openDoc(link.token, 'bjdxxZh')).toMatchObject({ status: 404, msg: MSG.shareLinkInvalid, data: null });
  });

  it('opens a contract as 合同信息 and 展位确认书, with its quotation lines, receipts and invoices', async () => {
    const c = (await rowsOf(contract, { auditStatus: 2 })).find((r) => r.quotationId)!;
    const link = await createLink(contract, c.id, 'zwsx');
    const htxx = (await openDoc<SharedContract>(link.token, 'htxx')).data!.document;
    expect(htxx.name).toBe(c.name);
    expect(htxx.amount).toBe(Math.round(Number(c.amount) * 100));
    expect(htxx.items.length).toBeGreaterThan(0);
    expect(htxx.receivables.length + htxx.invoices.length).toBeGreaterThan(0);
    expect((await openDoc<SharedContract>(link.token, 'zwsx')).data!.document.code).toBe(c.code);
    expect((await openDoc(link.token, 'bjdxxSzJd')).status).toBe(404);
  });

  it("opens a customer's pre-registration info with contacts and its sent quotations only", async () => {
    const c = (await rowsOf(customer))[0];
    const link = await createLink(customer, c.id, 'preInfo');
    const doc = (await openDoc<SharedCustomerInfo>(link.token, 'preInfo')).data!.document;
    expect(doc.name).toBe(c.name);
    expect(doc.quotations.every((q) => q.status !== 0)).toBe(true);
    expect(JSON.stringify(doc)).not.toMatch(/"level"/);
  });

  it('rate-limits lookups per address', async () => {
    let last = 0;
    for (let i = 0; i <= SHARE_LOOKUP_MAX; i++) last = (await openDoc('x'.repeat(43), 'htxx', '10.9.9.9')).status;
    expect(last).toBe(429);
    // Another address is not affected.
    expect((await openDoc('x'.repeat(43), 'htxx', '10.9.9.10')).status).toBe(404);
  });
});

describe('order attachments', () => {
  let a: Row;
  let b: Row;
  beforeAll(async () => {
    [a, b] = await rowsOf(order);
  });
  const upload = (rowId: number, fileName: string, content: string, ctx = asDemo) =>
    ctx.call<AttachmentRow>('POST', `${order.api}/attachment/upload`, { rowId, fileName, mime: 'application/pdf', content });

  it('refuses types, sizes and contents outside the rules with a clear message, storing nothing', async () => {
    expect((await upload(a.id, 'setup.exe', b64(PDF))).msg).toBe(MSG.attachmentType('pdf、jpg、png、xlsx、docx、doc、xls、zip'));
    expect((await upload(a.id, '照片.png', b64(PDF))).msg).toBe(MSG.attachmentContentMismatch);
    expect((await upload(a.id, '空.pdf', '')).code).not.toBe(0);
    expect((await upload(a.id, '坏.pdf', '%%%not base64')).msg).toBe(MSG.attachmentEncoding);
    const big = Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 0x20);
    PDF.copy(big, 0, 0, 8);
    expect((await upload(a.id, '大文件.pdf', b64(big))).msg).toBe(MSG.attachmentTooLarge(5));
    expect(await asDemo.ok<AttachmentRow[]>('GET', `${order.api}/attachment/list`, { rowId: a.id })).toEqual([]);
  });

  it('needs the edit ACTION_ to upload, and the row must be the caller organiser’s', async () => {
    expect((await upload(a.id, '合同扫描件.pdf', b64(PDF), asViewer)).status).toBe(403);
    expect((await upload(a.id, '合同扫描件.pdf', b64(PDF), asOther)).msg).toBe(MSG.resNotFound);
  });

  it('uploads, lists, downloads in the back office and through the link, and only the link’s own order', async () => {
    const uploaded = await upload(a.id, '展位图 2026.pdf', b64(PDF));
    expect(uploaded.code).toBe(0);
    const file = uploaded.data;
    expect(file).toMatchObject({ fileName: '展位图 2026.pdf', mime: 'application/pdf', size: PDF.length });
    const inB = (await upload(b.id, '别的订单.pdf', b64(PDF))).data;

    const staff = await signedInject(t.app, { method: 'GET', url: `/admin${order.api}/attachment/download`, token: demo.token, query: { id: file.id } });
    expect(staff.statusCode).toBe(200);
    expect(staff.rawPayload.equals(PDF)).toBe(true);
    expect(staff.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('展位图 2026.pdf')}`);

    const link = await createLink(order, a.id, 'tcdxx');
    const doc = (await openDoc<SharedOrder>(link.token, 'tcdFj')).data!.document;
    expect(doc.attachments.map((x) => x.fileName)).toEqual(['展位图 2026.pdf']);
    expect((await openDoc<SharedOrder>(link.token, 'tcdxx')).data!.document.orderNo).toBe(a.orderNo);

    const get = (id: number, token = link.token) =>
      signedInject(t.app, { method: 'GET', url: '/admin/share/attachment', query: { link: token, id }, remoteAddress: '10.1.0.2' });
    const pub = await get(file.id);
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['content-type']).toBe('application/pdf');
    expect(pub.rawPayload.equals(PDF)).toBe(true);
    const foreign = await get(inB.id);
    expect(foreign.statusCode).toBe(404);
    expect(body(foreign).msg).toBe(MSG.shareLinkInvalid);

    const qLink = await createLink(quotation, (await rowsOf(quotation))[0].id, 'bjdxxSzJd');
    expect((await get(file.id, qLink.token)).statusCode).toBe(404);

    // Deleted: gone from the list and from the link.
    expect((await asOther.call('POST', `${order.api}/attachment/remove`, { id: file.id })).msg).toBe(MSG.attachmentMissing);
    await asDemo.ok('POST', `${order.api}/attachment/remove`, { id: file.id });
    expect((await get(file.id)).statusCode).toBe(404);
  });
});

// Last: moving the clock past the expiry also ends the sessions signed in above.
describe('expiry', () => {
  it('refuses a link once its expiry has passed', async () => {
    const q = (await rowsOf(quotation))[0];
    const link = await createLink(quotation, q.id, 'bjdxxSzJd', 7);
    t.clock.advance(6 * DAY_MS);
    expect((await openDoc(link.token, 'bjdxxSzJd', '10.2.0.1')).code).toBe(0);
    t.clock.advance(1 * DAY_MS + 1000);
    expect(await openDoc(link.token, 'bjdxxSzJd', '10.2.0.1')).toMatchObject({ status: 404, msg: MSG.shareLinkInvalid, data: null });
  });
});
