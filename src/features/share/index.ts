/** The share feature's public face: row actions pages plug into ResourcePage's extraRowActions. */
export { ContractShareAction, CustomerShareAction, OrderAttachmentsAction, OrderShareAction, QuotationShareAction, ShareAction } from './ShareActions';
