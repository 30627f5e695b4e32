import { z } from 'zod';
import { fullNameSchema, ROLES, userSchema } from './auth.js';
import { REVIEW_STATUSES, REVIEW_VISIBILITIES, reviewStatusSchema, reviewUserSchema } from './reviews.js';

/**
 * Admin People & Moderation (spec §2 All Users, Moderate Reviews, Reports; §4 Review moderation,
 * User status): the contracts of `/api/admin/users`, `/api/admin/reviews` and `/api/admin/reports`.
 */

export const ADMIN_PAGE_SIZE_MAX = 50;
export const ADMIN_PAGE_SIZE_DEFAULT = 20;

const pageSchema = z.coerce
  .number('validation.invalid')
  .int('validation.invalid')
  .min(1, 'validation.invalid')
  .max(10_000, 'validation.invalid')
  .default(1);
const pageSizeSchema = z.coerce
  .number('validation.invalid')
  .int('validation.invalid')
  .min(1, 'validation.invalid')
  .max(ADMIN_PAGE_SIZE_MAX, 'validation.invalid')
  .default(ADMIN_PAGE_SIZE_DEFAULT);

/** `:id` of the admin user, review and report routes. */
export const adminIdParamsSchema = z.object({ id: z.uuid('validation.invalid') });

/** A page of rows with the total behind it. */
function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

// ---------------------------------------------------------------- users

/** `GET /api/admin/users`: search by name or email (case-insensitive substring), newest first. */
export const adminUserListQuerySchema = z.object({
  q: z.string().trim().max(200, 'validation.invalid').optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

/** The statuses an admin may set (a deleted account is gone: DELETE, not PATCH). */
export const ADMIN_SETTABLE_USER_STATUSES = ['active', 'suspended'] as const;

/** A row of All Users: the User of spec §3 with real counts. */
export const adminUserSchema = userSchema;
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = pageOf(adminUserSchema);
export type AdminUserList = z.infer<typeof adminUserListSchema>;

/** `PATCH /api/admin/users/:id`: Edit (name, role), Suspend / Activate (status). At least one field. */
export const adminUserPatchSchema = z
  .object({
    name: fullNameSchema.optional(),
    role: z.enum(ROLES, 'validation.invalid').optional(),
    status: z.enum(ADMIN_SETTABLE_USER_STATUSES, 'validation.invalid').optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    error: 'adminModeration.nothingToChange',
  });
export type AdminUserPatch = z.infer<typeof adminUserPatchSchema>;

// ---------------------------------------------------------------- reviews

/** The Moderate Reviews filters: every review, or one status. */
export const ADMIN_REVIEW_FILTERS = ['all', ...REVIEW_STATUSES] as const;
export type AdminReviewFilter = (typeof ADMIN_REVIEW_FILTERS)[number];

/** `GET /api/admin/reviews`: most recently updated first. */
export const adminReviewListQuerySchema = z.object({
  status: z.enum(ADMIN_REVIEW_FILTERS, 'validation.invalid').default('all'),
  page: pageSchema,
  pageSize: pageSizeSchema,
});
export type AdminReviewListQuery = z.infer<typeof adminReviewListQuerySchema>;

/** The book a review or report is about. */
export const adminBookRefSchema = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string().nullable(),
  coverImage: z.string().nullable(),
  /** Cover addresses to try in order (as on book cards). */
  coverCandidates: z.array(z.string()),
});
export type AdminBookRef = z.infer<typeof adminBookRefSchema>;

/** Who reported (or wrote) something; deleted accounts show as "Deleted reader". */
export const adminPersonRefSchema = reviewUserSchema;
export type AdminPersonRef = z.infer<typeof adminPersonRefSchema>;

/** A row of Moderate Reviews: one id (`id`) for every action. */
export const adminReviewSchema = z.object({
  id: z.string(),
  book: adminBookRefSchema,
  user: adminPersonRefSchema,
  rating: z.number().int(),
  comment: z.string(),
  visibility: z.enum(REVIEW_VISIBILITIES),
  status: reviewStatusSchema,
  timestamp: z.string(),
  updated_at: z.string(),
  /** Every report of the review, and those still open. */
  reportsCount: z.number().int(),
  openReportsCount: z.number().int(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewListSchema = pageOf(adminReviewSchema);
export type AdminReviewList = z.infer<typeof adminReviewListSchema>;

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export const reportStatusSchema = z.enum(REPORT_STATUSES, 'validation.invalid');
export type ReportStatus = z.infer<typeof reportStatusSchema>;

/** A report of a review, as View Details shows it. */
export const adminReviewReportSchema = z.object({
  id: z.string(),
  reason: z.string(),
  status: reportStatusSchema,
  reporter: adminPersonRefSchema,
  created_at: z.string(),
});
export type AdminReviewReport = z.infer<typeof adminReviewReportSchema>;

/** `GET /api/admin/reviews/:id`: View Details (the review, its reports and its book). */
export const adminReviewDetailSchema = adminReviewSchema.extend({
  reports: z.array(adminReviewReportSchema),
});
export type AdminReviewDetail = z.infer<typeof adminReviewDetailSchema>;

/**
 * `PATCH /api/admin/reviews/:id`: Approve or Reject (Delete is `DELETE`). Approving dismisses the
 * review's open reports; rejecting or deleting resolves them. A deleted review stays deleted.
 */
export const ADMIN_REVIEW_DECISIONS = ['approved', 'rejected'] as const;
export const adminReviewPatchSchema = z.object({
  status: z.enum(ADMIN_REVIEW_DECISIONS, 'validation.invalid'),
});
export type AdminReviewPatch = z.infer<typeof adminReviewPatchSchema>;

// ---------------------------------------------------------------- reports

export const REPORT_KINDS = ['book', 'review'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** `GET /api/admin/reports`: one queue of book and review reports, newest first. */
export const adminReportListQuerySchema = z.object({
  status: z.enum(['all', ...REPORT_STATUSES], 'validation.invalid').default('open'),
  kind: z.enum(['all', ...REPORT_KINDS], 'validation.invalid').default('all'),
  page: pageSchema,
  pageSize: pageSizeSchema,
});
export type AdminReportListQuery = z.infer<typeof adminReportListQuerySchema>;

/** The reported review (null for a book report). */
export const adminReportedReviewSchema = z.object({
  id: z.string(),
  comment: z.string(),
  status: reviewStatusSchema,
  user: adminPersonRefSchema,
});

export const adminReportSchema = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  reason: z.string(),
  status: reportStatusSchema,
  reporter: adminPersonRefSchema,
  book: adminBookRefSchema,
  review: adminReportedReviewSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminReportListSchema = pageOf(adminReportSchema);
export type AdminReportList = z.infer<typeof adminReportListSchema>;

/** `PATCH /api/admin/reports/:id`: resolve, dismiss or reopen. */
export const adminReportPatchSchema = z.object({ status: reportStatusSchema });
export type AdminReportPatch = z.infer<typeof adminReportPatchSchema>;
