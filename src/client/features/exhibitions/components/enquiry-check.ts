/*
 * The enquiry form's check: the shared zod schema (and with it all of zod), loaded when the
 * visitor first reaches the form (loadEnquiryCheck in enquiry-form.tsx), not with the page.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { EnquiryInputSchema } from '../../../../shared/schemas/exhibition.ts';

export const enquiryResolver = zodResolver(EnquiryInputSchema);
