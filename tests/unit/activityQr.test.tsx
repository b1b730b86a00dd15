import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { posterDates } from '../../src/features/activity/qr/ActivityPoster';
import { fileNameOf } from '../../src/features/activity/qr/qrPng';
import { useTabs } from '../../src/stores/tabs';
import { renderApp, user } from '../mocks/app';
import { ACTIVITIES } from '../mocks/fixtures';
import { resetSession, signInAs } from '../mocks/session';

/**
 * 活动列表 › 报名二维码: the registration link of 我的活动 (activityQrCode) as a QR code with 下载二维码,
 * 打印海报 and 复制链接, on every row the user may see.
 */
const FIRST = ACTIVITIES[0];
const LINK = `${window.location.origin}/zbzj/pre/register?activity=${FIRST.id}`;

async function openDialog() {
  signInAs('admin');
  renderApp('/yx/sysActivity/index');
  const row = (await screen.findByText(FIRST.name)).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: /报名二维码/ }));
  // The dialog's chunk loads on the first click. (Ids are fixed in tests, so dialogs are found by their content.)
  const dialog = (await screen.findByRole('button', { name: /下载二维码/ }, { timeout: 10_000 })).closest<HTMLElement>('[role="dialog"]')!;
  expect(dialog).toHaveTextContent(`${FIRST.name} 报名二维码`);
  return dialog;
}

const toastSays = (text: string) =>
  waitFor(() => expect([...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent?.trim())).toContain(text));

beforeEach(() => {
  resetSession();
  useTabs.getState().reset();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  resetSession();
});

describe('报名二维码 of the activity list', () => {
  it('shows the QR code of the same registration link as 我的活动, written out to copy by hand', async () => {
    const dialog = await openDialog();
    expect(dialog.querySelector('svg[data-qr-value]')!.getAttribute('data-qr-value')).toBe(LINK);
    expect(within(dialog).getByRole('textbox', { name: '报名链接' })).toHaveValue(LINK);
    // 筹备中: a scan would not open the form, said before anyone prints the poster.
    expect(dialog).toHaveTextContent('扫码打不开登记表：活动未开放报名（筹备中）');
  });

  it('copies the link to the clipboard and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('isSecureContext', true);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: /复制链接/ }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    await toastSays('报名链接已复制');
  });

  it('downloads the code as a 1024 px PNG named after the activity', async () => {
    const canvases: HTMLCanvasElement[] = [];
    const fill = vi.fn();
    vi.stubGlobal('Path2D', class {
      constructor(readonly d: string) {}
    });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
      canvases.push(this);
      return { fillRect: vi.fn(), scale: vi.fn(), fill, fillStyle: '' } as unknown as CanvasRenderingContext2D;
    } as never);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done: BlobCallback, type?: string) => done(new Blob(['png'], { type })));
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:qr'), revokeObjectURL: () => undefined }));
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });

    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: /下载二维码/ }));
    await waitFor(() => expect(names).toEqual([`${FIRST.name}-报名二维码.png`]));
    expect(blobs[0].type).toBe('image/png');
    expect(canvases[0].width).toBe(1024);
    expect(canvases[0].height).toBe(1024);
    // The modules drawn are the dialog's own code.
    const shown = [...dialog.querySelectorAll('svg[data-qr-value] path')].at(-1)!.getAttribute('d');
    expect((fill.mock.calls[0][0] as { d: string }).d).toBe(shown);
  });

  it('previews an A4 poster with the name, dates, venue, code and link, and prints it alone', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: /打印海报/ }));
    const preview = (await screen.findByRole('button', { name: /打\s*印$/ })).closest<HTMLElement>('[role="dialog"]')!;
    const poster = within(preview).getByRole('article', { name: `${FIRST.name} 报名海报` });
    expect(within(poster).getByRole('heading', { name: FIRST.name })).toBeInTheDocument();
    expect(within(poster).getByTestId('poster-dates')).toHaveTextContent('2026年12月10日 – 12月11日');
    expect(within(poster).getByTestId('poster-venue')).toHaveTextContent(FIRST.address!);
    expect(within(poster).getByTestId('poster-link')).toHaveTextContent(LINK);
    expect(poster.querySelector('svg')).not.toBeNull();
    // The paper copy sits directly under <body>, the only thing the print stylesheet shows.
    const paper = document.querySelector('body > .zb-poster-print')!;
    expect(paper).toHaveTextContent(FIRST.name);
    await user.click(within(preview).getByRole('button', { name: /打\s*印/ }));
    expect(print).toHaveBeenCalledTimes(1);
    await user.click(within(preview).getAllByRole('button', { name: /^关\s*闭$/ }).at(-1)!);
    await waitFor(() => expect(document.querySelector('body > .zb-poster-print')).toBeNull());
  });

  it('offers the action on every row the list shows', async () => {
    signInAs('admin');
    renderApp('/yx/sysActivity/index');
    await screen.findByText(FIRST.name);
    const rows = screen.getAllByRole('row').filter((r) => r.querySelector('td'));
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(within(row).getByRole('button', { name: /报名二维码/ })).toBeInTheDocument();
  });
});

describe('poster words', () => {
  it('writes dates as a poster reads them', () => {
    expect(posterDates('2026-12-10', '2026-12-10')).toBe('2026年12月10日');
    expect(posterDates('2026-12-30', '2027-01-02')).toBe('2026年12月30日 – 2027年1月2日');
  });

  it('names the file after the activity, without characters a file name may not have', () => {
    expect(fileNameOf('开幕式/主论坛: "2026"')).toBe('开幕式_主论坛_ _2026_');
    expect(fileNameOf('  ')).toBe('活动');
  });
});
