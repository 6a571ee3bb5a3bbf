import { z } from 'zod';

/** The period the group statistics cover, in days (7 when omitted). */
export const periodDays = z.object({ dias: z.number().int().min(1).max(365).optional() });
