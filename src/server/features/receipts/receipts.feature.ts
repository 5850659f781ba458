import type { Feature } from '../feature.ts';
import { renderReceiptAttachment } from './receipt-documents.ts';
import { RECEIPT_ATTACHMENT } from './receipt-issue.ts';
import { receiptsAdminRoutes, receiptsPublicRoutes } from './receipts.routes.ts';

export const receiptsFeature: Feature = {
  name: 'receipts',
  routes: { public: [receiptsPublicRoutes], admin: [receiptsAdminRoutes] },
  attachments: { [RECEIPT_ATTACHMENT]: renderReceiptAttachment },
};
