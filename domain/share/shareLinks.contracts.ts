import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { SHARE_PAGES } from './sharePages';
import { Id, Int, IntegerEnum, Nullable, NullableText, StringEnum, Text } from '../core/schemas';
import { order } from '../commerce/resources';
import { customer, quotation } from '../crm/resources';
import { actionAuthority, menuAuthority } from '../resource/framework';
import type { ResourceDef } from '../resource/types';
import { contract } from '../sales/resources';

/**
 * Share links (back office) for the records that have a public page, and an order's attachments. Every
 * call is scoped like the resource routes: the row must be the caller's organiser's and within their
 * working projects; reading needs the resource's MENU_, changing needs its edit ACTION_. The routes live
 * under each resource's own API family; what a link opens is in domain/share/sharedDocuments.contracts.ts.
 */

export { SHARE_PAGES } from './sharePages';
/** Key of a resource that offers share links (its definition's `extensions.share` lists the kinds). */
export type ShareResource = string;

export type SharePageKind = keyof typeof SHARE_PAGES;
export const SharePageKind = StringEnum(Object.keys(SHARE_PAGES) as SharePageKind[]);

/** The address query parameter of a shared page (`?token=` is taken: the router exchanges it as a hand-off ticket). */
export const SHARE_LINK_PARAM = 'link';

/** Expiry choices in days; 0 = never expires. */
export const SHARE_EXPIRY_DAYS = [7, 30, 90, 0] as const;
export type ShareExpiryDays = (typeof SHARE_EXPIRY_DAYS)[number];

/** What an order attachment may be (checked by the server; the upload dialog checks first, as courtesy). */
export const ATTACHMENT_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'xlsx', 'docx', 'doc', 'xls', 'zip'] as const;
export const ATTACHMENT_MAX_MB = 5;
export const ATTACHMENT_MAX_BYTES = ATTACHMENT_MAX_MB * 1024 * 1024;
export const ATTACHMENT_NAME_MAX = 200;
/** base64 of the largest file, with room for line breaks some encoders add. */
export const ATTACHMENT_BASE64_MAX = Math.ceil(ATTACHMENT_MAX_BYTES / 3) * 4 + 1024;
/** A request body carrying one such file, form-encoded ('+', '/', '=' grow to three characters each). */
export const UPLOAD_BODY_LIMIT = 10 * 1024 * 1024;

/** One share link as the back office lists it. */
export const ShareLinkRow = Type.Object({
  id: Int,
  kind: SharePageKind,
  token: Text,
  createdByName: NullableText,
  createdAt: Text,
  expiresAt: NullableText,
  revokedAt: NullableText,
  openCount: Int,
  lastOpenedAt: NullableText,
  /** active: opens; expired / revoked: refused. */
  state: StringEnum(['active', 'expired', 'revoked']),
});
export type ShareLinkRow = Static<typeof ShareLinkRow>;

/** A file attached to an order (no content: that is downloaded on its own). */
export const AttachmentRow = Type.Object({
  id: Int,
  fileName: Text,
  mime: Text,
  size: Int,
  createdAt: Text,
  // Left out on public pages, which show no staff names.
  createdByName: Type.Optional(NullableText),
});
export type AttachmentRow = Static<typeof AttachmentRow>;

const RowQuery = Type.Object({ rowId: Id });
const IdForm = Type.Object({ id: Id }, { additionalProperties: false });

/** 列表, 生成 and 撤销 of one resource's share links, under its API family. */
function shareLinkEndpoints(def: ResourceDef) {
  return {
    list: endpoint({
      method: 'GET',
      path: `${def.api}/share/list`,
      authority: menuAuthority(def),
      query: RowQuery,
      response: Type.Array(ShareLinkRow),
    }),
    create: endpoint({
      method: 'POST',
      path: `${def.api}/share/create`,
      authority: actionAuthority(def, 'edit'),
      body: Type.Object({ rowId: Id, kind: Type.String({ maxLength: 32 }), expiresDays: IntegerEnum(SHARE_EXPIRY_DAYS) }, { additionalProperties: false }),
      response: ShareLinkRow,
    }),
    revoke: endpoint({
      method: 'POST',
      path: `${def.api}/share/revoke`,
      authority: actionAuthority(def, 'edit'),
      body: IdForm,
      response: ShareLinkRow,
    }),
  };
}

/** The resources whose records can be shared, each with its link endpoints. */
// The definitions themselves, not the registry: the public pages import this module's types and constants
// and already load these four definitions for their option labels, never the registry.
export const SHARE_LINK_ENDPOINTS = {
  contract: shareLinkEndpoints(contract),
  quotation: shareLinkEndpoints(quotation),
  order: shareLinkEndpoints(order),
  customer: shareLinkEndpoints(customer),
};
export type SharedResource = keyof typeof SHARE_LINK_ENDPOINTS;

/** 上传, 删除, 下载 and the list of one resource's attachments (extension `attachments`). */
function attachmentEndpoints(def: ResourceDef) {
  return {
    list: endpoint({
      method: 'GET',
      path: `${def.api}/attachment/list`,
      authority: menuAuthority(def),
      query: RowQuery,
      response: Type.Array(AttachmentRow),
    }),
    upload: endpoint({
      method: 'POST',
      path: `${def.api}/attachment/upload`,
      authority: actionAuthority(def, 'edit'),
      bodyLimit: UPLOAD_BODY_LIMIT,
      body: Type.Object(
        {
          rowId: Id,
          // Longer names get the clear message from the server's upload check rather than a schema error.
          fileName: Type.String({ maxLength: ATTACHMENT_NAME_MAX * 4 }),
          // What the browser claims; the stored type comes from the extension and the file's bytes.
          mime: Type.Optional(Type.String({ maxLength: 200 })),
          content: Type.String({ maxLength: ATTACHMENT_BASE64_MAX * 2 }),
        },
        { additionalProperties: false },
      ),
      // null only if the file was removed between storing and listing it.
      response: Nullable(AttachmentRow),
    }),
    remove: endpoint({
      method: 'POST',
      path: `${def.api}/attachment/remove`,
      authority: actionAuthority(def, 'edit'),
      body: IdForm,
    }),
    /** The file itself, not an envelope. */
    download: endpoint({
      method: 'GET',
      path: `${def.api}/attachment/download`,
      authority: menuAuthority(def),
      query: Type.Object({ id: Id }),
      file: true,
    }),
  };
}

/** The resources that keep attachments, each with its attachment endpoints. */
export const ATTACHMENT_ENDPOINTS = {
  order: attachmentEndpoints(order),
};
export type AttachmentResource = keyof typeof ATTACHMENT_ENDPOINTS;
