import type { UserDto, UserListItem, QueueSummary } from '@shared/contracts/users'
import type { UserRow } from './users.table'

/** Row → DTO; the same shape over HTTP and in `company-{id}-user` events. Never the hash or version. */
export function presentUser(
  row: UserRow,
  queues: QueueSummary[],
  avatarUrl: string | null,
): UserDto {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    email: row.email,
    profile: row.profile,
    super: row.super,
    online: row.online,
    startWork: row.startWork,
    endWork: row.endWork,
    farewellMessage: row.farewellMessage,
    defaultTheme: row.defaultTheme,
    defaultMenu: row.defaultMenu,
    whatsappId: row.whatsappId,
    profileImage: avatarUrl,
    defaultTicketsManagerWidth: row.defaultTicketsManagerWidth,
    queues,
    queueIds: queues.map((queue) => queue.id),
    allTicket: row.allTicket,
    allowGroup: row.allowGroup,
    allHistoric: row.allHistoric,
    allUserChat: row.allUserChat,
    userClosePendingTicket: row.userClosePendingTicket,
    showDashboard: row.showDashboard,
    allowRealTime: row.allowRealTime,
    allowConnections: row.allowConnections,
  }
}

export function presentUserListItem(
  row: UserRow,
  queues: QueueSummary[],
  avatarUrl: string | null,
): UserListItem {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    email: row.email,
    profile: row.profile,
    super: row.super,
    online: row.online,
    startWork: row.startWork,
    endWork: row.endWork,
    profileImage: avatarUrl,
    queues,
  }
}
