/**
 * Masked display of contact details on screen (账户绑定): enough to recognise one's own, not enough to
 * read someone else's over a shoulder.
 */

/** 13812341234 → 138****1234; shorter values keep their first and last character. */
export function maskAccount(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const chars = Array.from(text);
  if (chars.length >= 7) return `${chars.slice(0, 3).join('')}****${chars.slice(-4).join('')}`;
  if (chars.length <= 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars.at(-1)}`;
}

/** someone@example.com → so***@example.com */
export function maskMail(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const at = text.lastIndexOf('@');
  if (at <= 0) return maskAccount(text);
  const local = Array.from(text.slice(0, at));
  return `${local.slice(0, Math.min(2, local.length - 1 || 1)).join('')}***${text.slice(at)}`;
}
