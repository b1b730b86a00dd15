import { render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { sharedDocument, type SharedQuotation } from '@domain/share/sharedDocuments.contracts';
import { SHARE_LINK_ENDPOINTS, type ShareLinkRow } from '@domain/share/shareLinks.contracts';
import { AppProviders } from '../../src/app/AppProviders';
import { ShareLinks } from '../../src/components/share/ShareLinks';
import { attachmentProblem } from '../../src/components/share/AttachmentList';
import BjdxxSzJdPage from '../../src/features/shared-docs/BjdxxSzJdPage';
import BjdxxZhPage from '../../src/features/shared-docs/BjdxxZhPage';
import { quotation } from '@domain/crm/resources';
import { user } from '../mocks/app';
import { answer, mock } from '../mocks/contract';
import { server } from '../mocks/server';

/** The share dialog of the back office, and the public pages a link opens (against msw). */

const TOKEN = 'Qx3v9Z_fA0b-7kLmN2pR5sT8uW1yB4cD6eF9gH0iJkL';
const LINKS = SHARE_LINK_ENDPOINTS.quotation;

function linkRow(over: Partial<ShareLinkRow> = {}): ShareLinkRow {
  return {
    id: 11,
    kind: 'bjdxxSzJd',
    token: TOKEN,
    createdByName: '王晓明',
    createdAt: '2026-11-21 10:00:00',
    expiresAt: '2026-12-21 10:00:00',
    revokedAt: null,
    openCount: 2,
    lastOpenedAt: '2026-11-21 11:00:00',
    state: 'active',
    ...over,
  };
}

function renderModal(canEdit = true) {
  return render(
    <AppProviders>
      <ShareLinks def={quotation} rowId={5} kinds={['bjdxxSzJd', 'bjdxxSzZg', 'bjdxxZh']} canEdit={canEdit} />
    </AppProviders>,
  );
}

describe('ShareLinks', () => {
  it('generates a link for the chosen layout and expiry and shows the full ?link= address', async () => {
    const created: Array<Record<string, string>> = [];
    let links: ShareLinkRow[] = [];
    server.use(
      mock(LINKS.list, () => links),
      mock(LINKS.create, ({ params }) => {
        created.push(params);
        const row = linkRow({ kind: params.kind as ShareLinkRow['kind'], openCount: 0, lastOpenedAt: null });
        links = [row];
        return answer(LINKS.create, row, '分享链接已生成');
      }),
    );
    renderModal();
    expect(await screen.findByText('还没有分享链接')).toBeInTheDocument();

    await user.click(screen.getByText('报价单（正规）'));
    await user.click(screen.getByText('90 天'));
    await user.click(screen.getByRole('button', { name: /生成链接/ }));

    const field = await screen.findByLabelText('分享链接');
    expect(field).toHaveValue(`${window.location.origin}/zbzj/bjdxx/bjdxxSzZg?link=${TOKEN}`);
    expect(field).not.toHaveValue(expect.stringContaining('token='));
    expect(created).toEqual([{ rowId: '5', kind: 'bjdxxSzZg', expiresDays: '90' }]);
    expect(screen.getByRole('link', { name: /^打\s*开$/ })).toHaveAttribute('href', `${window.location.origin}/zbzj/bjdxx/bjdxxSzZg?link=${TOKEN}`);
    // The new link is listed below, with its page and state.
    const table = document.querySelector('.ant-table-tbody') as HTMLElement;
    await waitFor(() => expect(within(table).getByText('报价单（正规）')).toBeInTheDocument());
    expect(within(table).getByText('有效')).toBeInTheDocument();
  });

  it('asks before revoking, and revokes only after 确定', async () => {
    const revoked: string[] = [];
    let link = linkRow();
    server.use(
      mock(LINKS.list, () => [link]),
      mock(LINKS.revoke, ({ params }) => {
        revoked.push(params.id);
        link = linkRow({ state: 'revoked', revokedAt: '2026-11-21 12:00:00' });
        return answer(LINKS.revoke, link, '分享链接已撤销');
      }),
    );
    renderModal();
    await user.click(await screen.findByRole('button', { name: /^撤\s*销$/ }));
    expect(await screen.findByText('撤销后，持有该链接的人将无法再打开此页面。确定要撤销吗？')).toBeInTheDocument();
    await user.click(await screen.findByText(/^取\s*消$/, { selector: '.ant-modal-confirm button span' }));
    expect(revoked).toEqual([]);

    await user.click(screen.getByRole('button', { name: /^撤\s*销$/ }));
    const ok = await screen.findAllByText(/^确\s*定$/, { selector: '.ant-modal-confirm button span' });
    await user.click(ok.at(-1)!);
    await waitFor(() => expect(revoked).toEqual(['11']));
    expect(await screen.findByText('已撤销')).toBeInTheDocument();
    // A revoked link can neither be copied nor revoked again.
    expect(screen.queryByRole('button', { name: /^撤\s*销$/ })).toBeNull();
  });

  it('without the edit authority offers no generate or revoke, only the existing links', async () => {
    server.use(mock(LINKS.list, () => [linkRow()]));
    renderModal(false);
    expect(await screen.findByRole('button', { name: /^复\s*制$/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /生成链接/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^撤\s*销$/ })).toBeNull();
  });
});

describe('attachment pre-check', () => {
  it('refuses other types and files over 5 MB before uploading', () => {
    expect(attachmentProblem({ name: '展位图.pdf', size: 1000 })).toBeNull();
    expect(attachmentProblem({ name: 'setup.exe', size: 1000 })).toBe('只能上传 pdf、jpg、png、xlsx、docx、doc、xls、zip 格式的文件');
    expect(attachmentProblem({ name: '大.zip', size: 5 * 1024 * 1024 + 1 })).toBe('文件大小不能超过 5MB');
  });
});

const QUOTATION: SharedQuotation = {
  organiserName: '华展国际会展服务（上海）有限公司',
  organiserLogo: null,
  code: 'BJ20261121000005',
  title: '2026智慧城市博览会参展报价',
  project: { name: '2026中国国际智慧城市博览会', address: '国家会展中心（上海）', srq: '2026-12-08', erq: '2026-12-11' },
  customer: { name: '上海智联城科技有限公司', address: null, phone: null, creditCode: null },
  contact: null,
  quoteDate: '2026-11-21',
  validUntil: '2026-12-01',
  totalAmount: 4_642_000,
  status: 1,
  remark: null,
  items: [
    { goodsName: '标准展位', goodsCode: 'SP1', category: 1, spec: '3m×3m', unit: '个', quantity: 2, price: 1_980_000, discount: 100, amount: 3_960_000 },
    { goodsName: '会刊广告', goodsCode: 'SP2', category: 2, spec: null, unit: '版', quantity: 1, price: 682_000, discount: 100, amount: 682_000 },
  ],
};

function renderPublic(Page: () => React.ReactNode, path: string, search: string) {
  const router = createMemoryRouter([{ path, Component: Page }], { initialEntries: [`${path}${search}`] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('public shared pages', () => {
  it('show only the invalid-link message when the server refuses the link', async () => {
    const asked: Array<Record<string, string>> = [];
    server.use(
      mock(sharedDocument, ({ params }) => {
        asked.push(params);
        return HttpResponse.json({ code: 404, msg: '链接无效或已失效', data: null }, { status: 404 });
      }),
    );
    renderPublic(BjdxxSzJdPage, '/bjdxx/bjdxxSzJd', '?link=revoked-or-wrong');
    expect(await screen.findByText('链接无效或已失效', { selector: '.ant-result-title' })).toBeInTheDocument();
    expect(asked).toEqual([{ link: 'revoked-or-wrong', kind: 'bjdxxSzJd' }]);
    expect(screen.queryByText('报价明细')).toBeNull();
    expect(screen.queryByRole('button', { name: /打印/ })).toBeNull();
  });

  it('show the invalid-link message without asking when the address has no link', async () => {
    renderPublic(BjdxxSzJdPage, '/bjdxx/bjdxxSzJd', '');
    expect(await screen.findByText('链接无效或已失效')).toBeInTheDocument();
  });

  it('show the quotation with its total in capitals, and the summary layout per category', async () => {
    server.use(mock(sharedDocument, () => ({ kind: 'bjdxxZh' as const, title: '报价单（汇总）', document: QUOTATION })));
    renderPublic(BjdxxZhPage, '/bjdxx/bjdxxZh', `?link=${TOKEN}`);
    expect(await screen.findByText('报价汇总单')).toBeInTheDocument();
    expect(screen.getAllByText('大写：肆万陆仟肆佰贰拾元整').length).toBeGreaterThan(0);
    expect(screen.getByText('展位明细')).toBeInTheDocument();
    expect(screen.getByText('广告明细')).toBeInTheDocument();
    expect(screen.getByText('¥39,600.00', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /打印/ })).toBeInTheDocument();
  });
});
