/** The share extension's public face: row actions resource pages plug into ResourcePage's extraRowActions. */
export { ContractShareAction, CustomerShareAction, OrderAttachmentsAction, OrderShareAction, QuotationShareAction, ShareAction } from './ShareActions';
