import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import {
  type GroupMessageDraft,
  type GroupMessageFilters,
  type GroupMessagePreview,
  GroupMessagePreviewSchema,
  type GroupMessageResult,
  GroupMessageResultSchema,
} from '../../../../../shared/schemas/group-message.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';

/* "Message these entries": the preview of a message to a view's entries, and its send. */

const FILTERS = ['q', 'status', 'payment', 'withdrawn', 'competition', 'duplicates'] as const;

/** The view's filters as the address holds them (those set); the server fills in the rest. */
export function filtersOfView(params: URLSearchParams): GroupMessageFilters {
  const filters: Record<string, string> = {};
  for (const key of FILTERS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return filters as GroupMessageFilters;
}

export interface MessageRequest extends Omit<GroupMessageDraft, 'filters'> {
  filters: GroupMessageFilters;
}

export const previewGroupMessage = (draft: MessageRequest): Promise<GroupMessagePreview> =>
  apiFetch(adminApiPaths.groupMessagePreview, send('POST', draft), GroupMessagePreviewSchema);

/** `requestId` is the dialog's: sending it again (a second click, a retry) queues nothing more. */
export const sendGroupMessage = (
  draft: MessageRequest & { requestId: string },
): Promise<GroupMessageResult> =>
  apiFetch(adminApiPaths.groupMessages, send('POST', draft), GroupMessageResultSchema);
