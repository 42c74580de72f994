import { Type, type Static } from '@sinclair/typebox'
import { PASSWORD, TICKETS_MANAGER_WIDTH, USER_NAME } from '../constants'
import { AllTicket, Id, MenuState, PageQuery, Profile, Switch, Theme, TimeOfDay } from './common'
import { PlanDto } from './plans'

export const QueueSummary = Type.Object({ id: Id, name: Type.String(), color: Type.String() })
export type QueueSummary = Static<typeof QueueSummary>

const name = Type.String({ minLength: USER_NAME.min, maxLength: USER_NAME.max })
const email = Type.String({ format: 'email', maxLength: 254 })
const password = Type.String({ minLength: PASSWORD.min, maxLength: PASSWORD.max })
const width = Type.Integer({
  minimum: TICKETS_MANAGER_WIDTH.min,
  maximum: TICKETS_MANAGER_WIDTH.max,
})

/** The permission switches and preferences every user carries (001 §3 User). */
const userSwitches = {
  allTicket: AllTicket,
  allowGroup: Type.Boolean(),
  allHistoric: Switch,
  allUserChat: Switch,
  userClosePendingTicket: Switch,
  showDashboard: Switch,
  allowRealTime: Switch,
  allowConnections: Switch,
}

/** GET /users/{id}, POST/PUT /users answers and the `company-{id}-user` payload. */
export const UserDto = Type.Object({
  id: Id,
  companyId: Id,
  name: Type.String(),
  email: Type.String(),
  profile: Profile,
  super: Type.Boolean(),
  online: Type.Boolean(),
  startWork: TimeOfDay,
  endWork: TimeOfDay,
  farewellMessage: Type.String(),
  defaultTheme: Theme,
  defaultMenu: MenuState,
  whatsappId: Type.Union([Id, Type.Null()]),
  profileImage: Type.Union([Type.String(), Type.Null()], {
    description: 'Authenticated URL of the avatar, or null',
  }),
  defaultTicketsManagerWidth: Type.Integer(),
  queues: Type.Array(QueueSummary),
  queueIds: Type.Array(Id),
  ...userSwitches,
})
export type UserDto = Static<typeof UserDto>

/** Row of GET /users/ (001 §2 Users screen). */
export const UserListItem = Type.Object({
  id: Id,
  companyId: Id,
  name: Type.String(),
  email: Type.String(),
  profile: Profile,
  super: Type.Boolean(),
  online: Type.Boolean(),
  startWork: TimeOfDay,
  endWork: TimeOfDay,
  profileImage: Type.Union([Type.String(), Type.Null()]),
  queues: Type.Array(QueueSummary),
})
export type UserListItem = Static<typeof UserListItem>

export const ListUsersQuery = PageQuery
export type ListUsersQuery = Static<typeof ListUsersQuery>

export const ListUsersResponse = Type.Object({
  users: Type.Array(UserListItem),
  count: Type.Integer(),
  hasMore: Type.Boolean(),
})
export type ListUsersResponse = Static<typeof ListUsersResponse>

/** GET /users/list: every user of the company, for pickers. */
export const UserPickerList = Type.Array(
  Type.Object({
    id: Id,
    name: Type.String(),
    profile: Profile,
    online: Type.Boolean(),
    queues: Type.Array(QueueSummary),
  }),
)
export type UserPickerList = Static<typeof UserPickerList>

const editableFields = {
  name,
  email,
  password,
  profile: Profile,
  startWork: TimeOfDay,
  endWork: TimeOfDay,
  farewellMessage: Type.String({ maxLength: 2000 }),
  defaultTheme: Theme,
  defaultMenu: MenuState,
  whatsappId: Type.Union([Id, Type.Null()]),
  defaultTicketsManagerWidth: width,
  queueIds: Type.Array(Id, { maxItems: 500, uniqueItems: true }),
  ...userSwitches,
}

/**
 * POST /users. `companyId` is accepted because the spec's client sends it, and ignored: the
 * company comes from the token. `profile` defaults to user (least privilege).
 */
export const CreateUserBody = Type.Object({
  ...Type.Partial(Type.Object(editableFields)).properties,
  name,
  email,
  password,
  companyId: Type.Optional(Type.Unknown()),
})
export type CreateUserBody = Static<typeof CreateUserBody>

/** PUT /users/{id}: every field optional; queues are replaced only when `queueIds` is present. */
export const UpdateUserBody = Type.Object({
  ...Type.Partial(Type.Object(editableFields)).properties,
  password: Type.Optional(Type.Union([password, Type.Literal('')])),
  currentPassword: Type.Optional(
    Type.String({
      maxLength: 200,
      description: "The caller's password: required when he changes his own password or e-mail",
    }),
  ),
  companyId: Type.Optional(Type.Unknown()),
})
export type UpdateUserBody = Static<typeof UpdateUserBody>

export const ToggleWidthParams = Type.Object({ userId: Id })
export const ToggleWidthBody = Type.Object({ defaultTicketsManagerWidth: width })

export const UserMediaUploadResponse = Type.Object({ user: UserDto, message: Type.String() })

/** The session user (000 §3): the user plus its company, settings and plan flags. */
export const SessionCompany = Type.Object({
  id: Id,
  name: Type.String(),
  dueDate: Type.String({ description: 'YYYY-MM-DD in the company time zone' }),
  timezone: Type.String(),
  status: Type.Boolean(),
  plan: PlanDto,
  companieSettings: Type.Record(Type.String(), Type.Union([Type.String(), Type.Boolean()])),
})

export const SessionUser = Type.Composite([UserDto, Type.Object({ company: SessionCompany })])
export type SessionUser = Static<typeof SessionUser>
