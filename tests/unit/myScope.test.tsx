import { act, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentUser } from '@domain/session/session.contracts';
import { authorisedProjects, myProjectPage, switchActivities, switchProjects } from '@domain/workspace/workspace.contracts';
import MyProjectsPage from '../../src/features/project/pages/account/projects';
import MyActivitiesPage from '../../src/features/activity/pages/account/activities';
import { MSG_SWITCH_ACTIVITY, MSG_SWITCH_PROJECT } from '@domain/core/validators';
import { useSession } from '../../src/stores/session';
import { server } from '../mocks/server';
import { resetSession } from '../mocks/session';
import { renderPage } from '../mocks/page';
import { user } from '../mocks/app';
import { callsTo, demoBackend, recordCalls, installAccountBackend } from '../mocks/account';

const okButton = () => screen.findByText(/^确\s*定$/, { selector: '.ant-modal-footer button span' });
const rows = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row'));

afterEach(async () => {
  server.events.removeAllListeners();
  await act(async () => message.destroy());
});
beforeEach(() => resetSession());

describe('我的项目 /account/projects', () => {
  async function open(db = demoBackend()) {
    installAccountBackend(db);
    const calls = recordCalls();
    renderPage(MyProjectsPage);
    await screen.findByText('2026长三角文旅产业峰会');
    return { db, calls };
  }

  it('lists the projects of the session user with logo, dates, address, a 150×150 QR code and the 当前 tag', async () => {
    const { calls } = await open();
    expect(callsTo(calls, myProjectPage.path)[0].params).toEqual({ userId: '2', limit: '10', page: '1' });
    expect(rows()).toHaveLength(2);
    const [first, second] = rows();
    expect(within(first).getByText('当前')).toBeInTheDocument();
    expect(within(second).queryByText('当前')).not.toBeInTheDocument();
    expect(first).toHaveTextContent('2026-12-10');
    expect(first).toHaveTextContent('国家会展中心（上海）');
    expect(first.querySelector('.ant-avatar')).not.toBeNull();
    const qr = first.querySelector('svg[data-qr-value]') as SVGElement;
    expect(qr.getAttribute('width')).toBe('150');
    expect(qr.getAttribute('height')).toBe('150');
    expect(qr.getAttribute('data-qr-value')).toBe(`${window.location.origin}/zbzj/pre/preInfo?cnfid=1`);
  });

  it('searches by name (cnfName) from page 1', async () => {
    const { calls } = await open();
    await user.click(screen.getByPlaceholderText('请输入项目名称'));
    await user.paste('文旅');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(callsTo(calls, myProjectPage.path).at(-1)?.params).toMatchObject({ cnfName: '文旅', page: '1', userId: '2' });
  });

  it('warns instead of opening the dialog when no project is authorised', async () => {
    const db = demoBackend();
    db.authorisedProjects = [];
    const { calls } = await open(db);
    await user.click(screen.getByRole('button', { name: /切换项目/ }));
    expect(await screen.findByText('抱歉，您暂无授权的项目信息，请联系管理员')).toBeInTheDocument();
    expect(callsTo(calls, authorisedProjects.path)[0].params).toEqual({ userId: '2' });
    expect(document.querySelector('.ant-modal')).toBeNull();
  });

  it('with nothing ticked, shows the spec message and sends nothing', async () => {
    const { calls } = await open();
    const versionBefore = useSession.getState().scopeVersion;
    await user.click(screen.getByRole('button', { name: /切换项目/ }));
    const current = await screen.findByRole('checkbox', { name: '2026中国国际智慧城市博览会' });
    // The current selection comes preticked.
    expect(current).toBeChecked();
    await user.click(current);
    await user.click(await okButton());
    expect(await screen.findByText(MSG_SWITCH_PROJECT)).toBeInTheDocument();
    expect(callsTo(calls, switchProjects.path)).toHaveLength(0);
    expect(useSession.getState().scopeVersion).toBe(versionBefore);
  });

  it("switches: '执行成功', the user info fetched again, the scope bumped and the table reloaded", async () => {
    const { calls } = await open();
    const versionBefore = useSession.getState().scopeVersion;
    await user.click(screen.getByRole('button', { name: /切换项目/ }));
    await user.click(await screen.findByRole('checkbox', { name: '2026长三角文旅产业峰会' }));
    const listsBefore = callsTo(calls, myProjectPage.path).length;
    await user.click(await okButton());
    expect(await screen.findByText('执行成功')).toBeInTheDocument();
    expect(callsTo(calls, switchProjects.path)[0].params).toEqual({ userId: '2', cnfids: '1,2' });
    expect(useSession.getState().scopeVersion).toBe(versionBefore + 1);
    await waitFor(() => expect(callsTo(calls, currentUser.path)).toHaveLength(1));
    await waitFor(() => expect(callsTo(calls, myProjectPage.path).length).toBe(listsBefore + 1));
    await waitFor(() => expect(within(rows()[1]).getByText('当前')).toBeInTheDocument());
  });
});

describe('我的活动 /account/activities', () => {
  it('warns when no activity is authorised', async () => {
    const db = demoBackend();
    db.authorisedActivities = [];
    installAccountBackend(db);
    renderPage(MyActivitiesPage);
    await screen.findByText('开幕式暨主论坛');
    await user.click(screen.getByRole('button', { name: /切换活动/ }));
    expect(await screen.findByText('抱歉，您暂无授权的活动信息，请联系管理员')).toBeInTheDocument();
  });

  it('refuses an empty selection and switches a chosen one', async () => {
    installAccountBackend();
    const calls = recordCalls();
    renderPage(MyActivitiesPage);
    const versionBefore = useSession.getState().scopeVersion;
    await screen.findByText('开幕式暨主论坛', { selector: 'td span' });
    await user.click(screen.getByRole('button', { name: /切换活动/ }));
    const box = await screen.findByRole('checkbox', { name: '开幕式暨主论坛' });
    await user.click(box);
    await user.click(await okButton());
    expect(await screen.findByText(MSG_SWITCH_ACTIVITY)).toBeInTheDocument();
    expect(callsTo(calls, switchActivities.path)).toHaveLength(0);
    await user.click(box);
    await user.click(await okButton());
    expect(await screen.findByText('执行成功')).toBeInTheDocument();
    expect(callsTo(calls, switchActivities.path)[0].params).toEqual({ userId: '2', cnfids: '11' });
    expect(useSession.getState().scopeVersion).toBe(versionBefore + 1);
  });
});
