import type { AxiosResponse } from 'axios';
import { feedback } from '../lib/feedback';
import type { RequestParams } from './params';
import { http } from './request';

/** `filename*=UTF-8''…` of a Content-Disposition header, else its plain filename. */
function filenameOf(disposition: string | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

/**
 * GETs a file through the one axios instance (so it is signed) and hands it to the browser as a download.
 * A refusal arrives as a JSON envelope inside the blob: it is shown like any other and nothing is saved.
 */
export async function downloadFile(url: string, params: RequestParams, fallbackName: string, failedText = '下载失败'): Promise<boolean> {
  return save(await http.get<Blob>(url, { params, responseType: 'blob' }), fallbackName, failedText);
}

/** The same for a file the server makes from a posted form (an uploaded file sent back with notes). */
export async function downloadPosted(url: string, form: RequestParams, fallbackName: string, failedText = '下载失败'): Promise<boolean> {
  return save(await http.post<Blob>(url, form, { responseType: 'blob' }), fallbackName, failedText);
}

async function save(response: AxiosResponse<Blob>, fallbackName: string, failedText: string): Promise<boolean> {
  const type = String(response.headers['content-type'] ?? '');
  if (type.includes('json')) {
    const body = JSON.parse(await response.data.text()) as { msg?: string };
    feedback().message.error(body.msg ?? failedText);
    return false;
  }
  saveBlob(response.data, filenameOf(response.headers['content-disposition'] as string | undefined, fallbackName));
  return true;
}

/** Hands a blob made or fetched by the page to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = name;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
