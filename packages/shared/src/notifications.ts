import { z } from 'zod';

/**
 * Spec §3 Notification, made real: what happened (`kind`), who did it (`actor`), what it is about
 * (book / review / club ids) and the message's parameters (`data`). The text is built by the client
 * from `kind` + `data`, in the reader's language.
 */
export const NOTIFICATION_KINDS = [
  /** Someone replied to the recipient's review. */
  'reviewReply',
  /** Someone liked the recipient's review (one per reader per review, refreshed on a new like). */
  'reviewLike',
  /** Admins: a reader reported a review. */
  'reviewReport',
  /** Admins: a reader reported a book. */
  'bookReport',
  /** Club moderators: a reader asked to join. */
  'clubJoinRequest',
  /** The requester: the join request was approved. */
  'clubJoinApproved',
  /** The requester: the join request was declined. */
  'clubJoinDeclined',
  /** Club members: the current book changed. */
  'clubCurrentBook',
  /** Club members: the next meeting was set or moved. */
  'clubMeeting',
  /** Club members: the meeting starts within 24 hours. */
  'meetingReminder',
  /** Admins: a reader suggested a book for the catalogue. */
  'bookSuggested',
  /** Someone followed the recipient (a public profile). */
  'newFollower',
  /** Someone asked to follow the recipient (a followers-only profile). */
  'followRequest',
  /** The reader the recipient asked to follow approved the request. */
  'followAccepted',
  /** Admins: someone wrote through the contact form. */
  'contactMessage',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** Spec §4 Notification status: unread to read and back. */
export const NOTIFICATION_STATUSES = ['unread', 'read'] as const;
export const notificationStatusSchema = z.enum(NOTIFICATION_STATUSES, 'validation.invalid');
export type NotificationStatus = z.infer<typeof notificationStatusSchema>;

/** The message parameters; which ones are present depends on the kind. */
export const notificationDataSchema = z.object({
  bookTitle: z.string().optional(),
  clubName: z.string().optional(),
  /** A report's reason. */
  reason: z.string().optional(),
  /** A meeting's start, ISO 8601. */
  startsAt: z.string().optional(),
  /** A suggested book's title, or a meeting's. */
  title: z.string().optional(),
  reportId: z.string().optional(),
  suggestionId: z.string().optional(),
  replyId: z.string().optional(),
  /** The start of a reply's (or a contact message's) text. */
  excerpt: z.string().optional(),
  /** A contact message: who wrote (name and email, also for visitors), its subject and id. */
  senderName: z.string().optional(),
  senderEmail: z.string().optional(),
  subject: z.string().optional(),
  contactMessageId: z.string().optional(),
});
export type NotificationData = z.infer<typeof notificationDataSchema>;

export const notificationActorSchema = z.object({
  id: z.string(),
  name: z.string(),
  profile_picture: z.string().nullable(),
});
export type NotificationActor = z.infer<typeof notificationActorSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  status: notificationStatusSchema,
  /** The reader who caused it, or null (e.g. a decision, or a deleted account). */
  actor: notificationActorSchema.nullable(),
  bookId: z.string().nullable(),
  reviewId: z.string().nullable(),
  clubId: z.string().nullable(),
  data: notificationDataSchema,
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATION_LIMITS = {
  pageSizeDefault: 20,
  pageSizeMax: 50,
  /** Characters of a reply kept in the notification. */
  excerptMax: 140,
} as const;

/** `GET /api/notifications`: newest first, optionally only read or unread ones. */
export const notificationListQuerySchema = z.object({
  status: notificationStatusSchema.optional(),
  page: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(10_000, 'validation.invalid')
    .default(1),
  pageSize: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(NOTIFICATION_LIMITS.pageSizeMax, 'validation.invalid')
    .default(NOTIFICATION_LIMITS.pageSizeDefault),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  /** How many match the filter (for paging). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** All of the caller's unread notifications, whatever the filter. */
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const notificationParamsSchema = z.object({ id: z.uuid('validation.invalid') });

/** `PATCH /api/notifications/:id`. */
export const notificationPatchSchema = z.object({ status: notificationStatusSchema });
export type NotificationPatch = z.infer<typeof notificationPatchSchema>;

/**
 * The reader's notification choices (`GET/PUT /api/notifications/preferences`). Each switch
 * covers some kinds (see `NOTIFICATION_CHOICE_OF_KIND`); `newsletter` is only stored for the
 * settings page. With no saved row the defaults apply.
 */
/**
 * The kinds a reader chooses email for: every notification kind. `meetingReminder` (the 24-hour
 * reminder of a club meeting) is mailed at once by the clubs module, with its `.ics`, which asks
 * `emailChoice`; in the digest it is a line like any other.
 */
export const EMAIL_NOTIFICATION_KINDS = NOTIFICATION_KINDS;
export type EmailNotificationKind = (typeof EMAIL_NOTIFICATION_KINDS)[number];

/** Per kind: no mail, a mail at once, or a line in the daily digest. */
export const EMAIL_CHOICES = ['off', 'instant', 'digest'] as const;
export const emailChoiceSchema = z.enum(EMAIL_CHOICES, 'validation.invalid');
export type EmailChoice = z.infer<typeof emailChoiceSchema>;

/** Follow requests, replies and meeting reminders come at once; everything else in the digest. */
export const DEFAULT_EMAIL_CHOICES = Object.fromEntries(
  EMAIL_NOTIFICATION_KINDS.map((kind) => [
    kind,
    kind === 'followRequest' || kind === 'reviewReply' || kind === 'meetingReminder' ? 'instant' : 'digest',
  ]),
) as Record<EmailNotificationKind, EmailChoice>;

/** The email choices of every kind (an answer always has all of them). */
export const emailChoicesSchema = z.strictObject(
  Object.fromEntries(EMAIL_NOTIFICATION_KINDS.map((kind) => [kind, emailChoiceSchema])) as Record<
    EmailNotificationKind,
    typeof emailChoiceSchema
  >,
  'validation.invalid',
);
export type EmailChoices = z.infer<typeof emailChoicesSchema>;

/** In a request: only the kinds that change (the others keep their saved or default choice). */
export const emailChoicesPatchSchema = emailChoicesSchema.partial();
export type EmailChoicesPatch = z.infer<typeof emailChoicesPatchSchema>;

export const notificationChoicesSchema = z.object({
  /** Replies to my reviews. */
  replies: z.boolean('validation.invalid'),
  /** Likes of my reviews. */
  reactions: z.boolean('validation.invalid'),
  /** My book clubs: join requests and decisions, current book, meetings. */
  clubs: z.boolean('validation.invalid'),
  /** Admins: reports, book suggestions and contact messages. */
  moderation: z.boolean('validation.invalid'),
  /** The newsletter by email. */
  newsletter: z.boolean('validation.invalid'),
  /** New followers, follow requests and approvals (optional in a request: on by default). */
  follows: z.boolean('validation.invalid').default(true),
  /**
   * Email per kind (`off` | `instant` | `digest`). Optional in a request, and partial: the kinds
   * left out keep what was saved (defaults: `DEFAULT_EMAIL_CHOICES`). Always complete in an answer.
   */
  email: emailChoicesPatchSchema.optional(),
});
/** What `PUT /api/notifications/preferences` takes. */
export type NotificationChoicesInput = z.input<typeof notificationChoicesSchema>;
export type NotificationChoicesPatch = z.infer<typeof notificationChoicesSchema>;

/** What `GET`/`PUT /api/notifications/preferences` answer: every switch and every kind's email choice. */
export const savedNotificationChoicesSchema = notificationChoicesSchema.extend({ email: emailChoicesSchema });
export type NotificationChoices = z.infer<typeof savedNotificationChoicesSchema>;

/** `POST /api/notifications/unsubscribe`: the token of a notification mail's unsubscribe link. */
export const notificationUnsubscribeSchema = z.object({
  token: z.string('validation.linkInvalid').regex(/^[A-Za-z0-9_-]{16,200}$/, 'validation.linkInvalid'),
});
export type NotificationUnsubscribe = z.infer<typeof notificationUnsubscribeSchema>;

export const DEFAULT_NOTIFICATION_CHOICES: NotificationChoices = {
  replies: true,
  reactions: true,
  clubs: true,
  moderation: true,
  newsletter: false,
  follows: true,
  email: { ...DEFAULT_EMAIL_CHOICES },
};

/** Which choice switches each kind on or off. */
export const NOTIFICATION_CHOICE_OF_KIND: Record<
  NotificationKind,
  Exclude<keyof NotificationChoices, 'newsletter' | 'email'>
> = {
  reviewReply: 'replies',
  reviewLike: 'reactions',
  reviewReport: 'moderation',
  bookReport: 'moderation',
  bookSuggested: 'moderation',
  contactMessage: 'moderation',
  clubJoinRequest: 'clubs',
  clubJoinApproved: 'clubs',
  clubJoinDeclined: 'clubs',
  clubCurrentBook: 'clubs',
  clubMeeting: 'clubs',
  meetingReminder: 'clubs',
  newFollower: 'follows',
  followRequest: 'follows',
  followAccepted: 'follows',
};

/** Where a notification leads in the web client. */
export function notificationLink(
  notification: Pick<Notification, 'kind' | 'bookId' | 'reviewId' | 'clubId'> & {
    actor?: Pick<NotificationActor, 'id'> | null;
  },
): string {
  const { kind, bookId, reviewId, clubId, actor } = notification;
  switch (kind) {
    case 'reviewReply':
    case 'reviewLike':
      if (!bookId) return '/dashboard';
      return `/book/${encodeURIComponent(bookId)}${reviewId ? `#review-${reviewId}` : ''}`;
    case 'reviewReport':
    case 'bookReport':
      return '/admin/reports';
    case 'bookSuggested':
      return '/admin/book-approvals';
    case 'contactMessage':
      return '/admin/messages';
    case 'clubJoinRequest':
    case 'clubJoinApproved':
    case 'clubJoinDeclined':
    case 'clubCurrentBook':
    case 'clubMeeting':
    case 'meetingReminder':
      return clubId ? `/community/bookclub?club=${encodeURIComponent(clubId)}` : '/community/bookclub';
    case 'followRequest':
      return '/dashboard/settings?section=privacy';
    case 'newFollower':
    case 'followAccepted':
      return actor ? `/reader/${encodeURIComponent(actor.id)}` : '/dashboard';
  }
}

/** `notification:new` over Socket.IO, to the recipient's user room. */
export interface NotificationPush {
  notification: Notification;
  unreadCount: number;
}
